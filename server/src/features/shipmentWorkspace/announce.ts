import {
  SHIPMENT_REPORT_LABELS,
  rooms,
  shipmentWorkspacePath,
  type ShipmentMessageDto,
  type ShipmentPhotoDto,
  type ShipmentReportDto,
} from '@freight/shared';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { toSmallShipmentDto, type SmallShipment } from '../smallShipments/model';

/** A chat message, live to everyone in the shipment's workspace. */
export function announceShipmentMessage(shipmentId: string, message: ShipmentMessageDto): void {
  publish('shipment:message', rooms.shipment(shipmentId), { shipmentId, message });
}

export function announceShipmentPhoto(shipmentId: string, photo: ShipmentPhotoDto): void {
  publish('shipment:photo', rooms.shipment(shipmentId), { shipmentId, photo });
}

/**
 * The driver reported a step: live in the workspace, to both sides' lists (My Shipments, My Routes), and a
 * notification to the customer that opens the workspace.
 */
export async function announceShipmentReport(
  stored: SmallShipment,
  report: ShipmentReportDto,
  driverId: string,
): Promise<void> {
  const shipment = toSmallShipmentDto(stored);
  publish('shipment:report', rooms.shipment(shipment.id), { shipmentId: shipment.id, report, shipment });
  publish('smallShipment:updated', [rooms.user(shipment.shipperId), rooms.user(driverId)], { shipment });
  const label = SHIPMENT_REPORT_LABELS[report.kind];
  await notify({
    userId: shipment.shipperId,
    kind: 'freight_status',
    title: `${label}: ${shipment.title}`,
    body: `Your driver reported your shipment ${label.toLowerCase()} (${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}).`,
    link: shipmentWorkspacePath(shipment.id),
    dedupeKey: `shipment-report:${shipment.id}-${report.kind}`,
  });
}
