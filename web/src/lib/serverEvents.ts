import type { ServerEventPayload, ServerToClientEvents } from '@freight/shared';

type Routes = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

let routes: Routes = {};

/** socketRoutes registers its map of event → upsert/remove here (stores reach it without importing it). */
export function setServerEventRoutes(next: Routes): void {
  routes = next;
}

/**
 * A REST answer that states the same fact as a server event (a review answers the request and the load the event
 * carries) goes through that event's route: one way into the entity tables, whichever arrives first.
 */
export function applyServerEvent<E extends keyof ServerToClientEvents>(
  event: E,
  payload: ServerEventPayload<E>,
): void {
  (routes[event] as ((p: ServerEventPayload<E>) => void) | undefined)?.(payload);
}
