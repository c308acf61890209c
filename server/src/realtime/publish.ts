import type { ServerEventName, ServerEventPayload } from '@freight/shared';

type Emit = (rooms: string[], event: string, payload: unknown, except?: string[]) => void;

let emit: Emit | null = null;

/** Chosen at boot: the Socket.IO server in a web process, the Redis emitter in a worker-only process. */
export function setPublisher(fn: Emit | null): void {
  emit = fn;
}

/**
 * The one way services push a change to browsers. Rooms span processes through the Redis adapter, so the
 * event reaches every socket in the room whichever node it is connected to.
 */
export function publish<E extends ServerEventName>(
  event: E,
  room: string | string[],
  payload: ServerEventPayload<E>,
  /** Rooms whose sockets do not get it (the member who acted, who has it already). */
  opts: { except?: string[] } = {},
): void {
  if (!emit) return;
  emit(Array.isArray(room) ? room : [room], event, payload, opts.except);
}
