// Contract between the freight feature (posting, booking approvals) and the subscriptions feature (plan limits).
// The subscriptions feature implements these; the freight feature calls them before the change it guards.
import type { Actor } from '../../policies';

/** Throws 403 when the poster's plan allows no more loads (or air shipments) this calendar month. */
export async function assertCanPostLoad(_poster: Actor, _opts: { air: boolean }): Promise<void> {
  // implemented by the subscriptions feature
}

/** Throws 403 when the carrier's plan allows no more approved bookings this calendar month. */
export async function assertCarrierCanTakeBooking(_carrierId: string): Promise<void> {
  // implemented by the subscriptions feature
}
