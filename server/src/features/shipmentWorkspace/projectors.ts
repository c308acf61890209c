import { SHIPMENT_REPORT_LABELS, rooms, shipmentWorkspacePath, type AnyDomainEvent } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';

/**
 * A shipment's workspace, live: chat messages, photos and the driver's reports to everyone in its room; a report
 * also to both sides' lists (My Shipments, My Routes). Pushes are idempotent (clients upsert by id).
 */
export const shipmentWorkspaceLiveProjector = registerProjector({
  name: 'shipment-workspace-live',
  applicableEvents: ['smallShipment.messagePosted', 'smallShipment.photoAdded', 'smallShipment.reported'],
  async handle(event: AnyDomainEvent) {
    switch (event.name) {
      case 'smallShipment.messagePosted': {
        const { message } = event.data;
        publish('shipment:message', rooms.shipment(message.shipmentId), {
          shipmentId: message.shipmentId,
          message,
        });
        return;
      }
      case 'smallShipment.photoAdded': {
        const { photo } = event.data;
        publish('shipment:photo', rooms.shipment(photo.shipmentId), { shipmentId: photo.shipmentId, photo });
        return;
      }
      case 'smallShipment.reported': {
        const { report, shipment } = event.data;
        publish('shipment:report', rooms.shipment(shipment.id), {
          shipmentId: shipment.id,
          report,
          shipment,
        });
        const sides = [rooms.user(shipment.shipperId)];
        if (event.subjects.driverId) sides.push(rooms.user(event.subjects.driverId));
        publish('smallShipment:updated', sides, { shipment });
        return;
      }
      default:
        return;
    }
  },
});

/** The customer is notified of each report, with a link to the workspace; once per report (replays store nothing). */
export const shipmentWorkspaceNotifyProjector = registerProjector({
  name: 'shipment-workspace-notify',
  applicableEvents: ['smallShipment.reported'],
  async handle(event: AnyDomainEvent) {
    if (event.name !== 'smallShipment.reported') return;
    const { report, shipment } = event.data;
    const label = SHIPMENT_REPORT_LABELS[report.kind];
    await notify({
      userId: shipment.shipperId,
      kind: 'freight_status',
      title: `${label}: ${shipment.title}`,
      body: `Your driver reported your shipment ${label.toLowerCase()} (${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}).`,
      link: shipmentWorkspacePath(shipment.id),
      dedupeKey: `${event.id}-${shipment.shipperId}`,
    });
  },
});
