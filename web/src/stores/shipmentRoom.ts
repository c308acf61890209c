import { emitWithAck, isSocketConnected } from '../lib/socket';
import { useShipmentWorkspaceStore } from './shipmentWorkspace';

/** The open shipment workspace's room (issue 23): joined when its page opens and again on every connect. */
let openShipmentId: string | null = null;

export async function joinShipmentRoom(): Promise<void> {
  const shipmentId = openShipmentId;
  if (!shipmentId || !isSocketConnected()) return;
  const ack = await emitWithAck('shipment:join', { shipmentId });
  if (!ack.ok) {
    console.error('Joining the shipment room failed', ack.error);
    return;
  }
  // What was said between the page's first read (or the outage) and the join.
  if (openShipmentId === shipmentId) await useShipmentWorkspaceStore.getState().catchUp(shipmentId);
}

export function enterShipmentRoom(shipmentId: string): Promise<void> {
  openShipmentId = shipmentId;
  return joinShipmentRoom();
}

export function leaveShipmentRoom(shipmentId: string): void {
  if (openShipmentId !== shipmentId) return;
  openShipmentId = null;
  if (isSocketConnected()) void emitWithAck('shipment:leave', { shipmentId });
}
