import type { SocketHandler } from '../../realtime/handlers';

/** freight:join, freight:leave, chat:send, location:update. */
export const trackingSocketHandler: SocketHandler = () => {};
