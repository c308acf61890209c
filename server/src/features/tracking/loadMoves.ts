import { conflict } from '../../http/errors';
import { checkMove, onLoadMoved } from '../freight/status';
import { openChatRoom } from './chat/rooms';
import { FreightPhotoModel } from './model';
import { assertAtDeliveryPlace } from './positions/geofence';

/**
 * Tracking's part in a load's moves, registered with the status machine (freight/status.ts) so that freight never
 * imports tracking: a delivery needs a delivery photo and happens at the delivery place (or gives a reason); a load
 * with a carrier on it has its chat room (idempotent, so a repair of a booked or in-transit load opens a lost one).
 */
checkMove(async (before, move) => {
  if (move.to !== 'delivered') return;
  if (!(await FreightPhotoModel.exists({ freightListingId: before._id, photoType: 'delivery' }))) {
    throw conflict('Upload a delivery photo before marking the load delivered');
  }
  if (!move.deliveryNote) await assertAtDeliveryPlace(before);
});

onLoadMoved(async ({ load }) => {
  if (!load.carrierId || (load.status !== 'booked' && load.status !== 'in_transit')) return;
  await openChatRoom({
    freightId: String(load._id),
    shipperId: String(load.shipperId ?? load.userId),
    carrierId: String(load.carrierId),
  });
});
