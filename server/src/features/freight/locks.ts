// Transition keys of the freight feature (server/src/infra/transitions.ts explains the mechanism). Tracking uses
// loadTransition too, so a booking, a cancel and a trip start on one load all contend for the same key.
import { transitionKey } from '../../infra/transitions';

export { acquireTransition, releaseTransition, runTransition } from '../../infra/transitions';

export const loadTransition = (freightId: unknown, from: string) => transitionKey('freight', freightId, from);
export const requestTransition = (requestId: unknown) =>
  transitionKey('booking-request', requestId, 'pending');
export const negotiationTransition = (negotiationId: unknown, from: string) =>
  transitionKey('negotiation', negotiationId, from);
