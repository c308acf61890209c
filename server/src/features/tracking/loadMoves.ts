import { checkMove, onLoadMoved } from '../freight/status';
import { openChatRoom } from './chat/rooms';
import { StopEventModel } from './model';
import { assertAtDeliveryPlace } from './positions/geofence';
import { arrivedAtDelivery, departDeliveryOnDelivered } from './stopClock/service';

/**
 * Tracking's part in a load's moves, registered with the status machine (freight/status.ts) so that freight never
 * imports tracking: a delivery happens once the truck has arrived at the delivery stop (the carrier checked in with
 * Arrived at delivery, the clock has its arrival there (issue 41), or its last position is within the delivery radius) or gives a reason; its proof is the
 * receiver's signature (issue 39: delivery photos are optional). A load with a carrier on it has its chat room
 * (idempotent, so a repair of a booked or in-transit load opens a lost one).
 */
checkMove(async (before, move) => {
  if (move.to !== 'delivered' || move.deliveryNote) return;
  const checkedIn =
    (await StopEventModel.exists({ freightListingId: before._id, kind: 'arrived_delivery' })) ||
    (await arrivedAtDelivery(before));
  await assertAtDeliveryPlace(before, Boolean(checkedIn));
});

// The receiver's signature is the departure from the delivery when the clock has the truck still there (issue 41).
onLoadMoved(({ by, load }) => departDeliveryOnDelivered(by, load));

onLoadMoved(async ({ load }) => {
  if (!load.carrierId || (load.status !== 'booked' && load.status !== 'in_transit')) return;
  await openChatRoom({
    freightId: String(load._id),
    shipperId: String(load.shipperId ?? load.userId),
    carrierId: String(load.carrierId),
  });
});
