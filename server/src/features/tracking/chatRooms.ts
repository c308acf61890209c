// Contract between the freight feature (which books loads) and the tracking feature (which owns chat).
// The tracking feature implements this; the freight feature calls it when a load is booked.

/** Opens the load's chat room (idempotent: a second call for the same load does nothing). */
export async function openChatRoom(_load: { freightId: string; shipperId: string; carrierId: string }): Promise<void> {
  // implemented by the tracking feature
}
