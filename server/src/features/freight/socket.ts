import type { SocketHandler } from '../../realtime/handlers';

/** Load board room membership (loadboard:join / loadboard:leave). */
export const freightSocketHandler: SocketHandler = () => {};
