import {
  formatUsd,
  rooms,
  routeMatchesShipment,
  shipmentWorkspacePath,
  type AnyDomainEvent,
  type ShipmentOfferDto,
  type SmallShipmentDto,
} from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { DriverRouteModel } from './driverRouteModel';
import { notify } from '../notifications/service';
import { SmallShipmentModel, withoutAddresses } from './model';
import { partyRooms } from '../companies/rooms';

const pushOffer = async (event: 'shipmentOffer:created' | 'shipmentOffer:updated', offer: ShipmentOfferDto) =>
  publish(event, await partyRooms([offer.shipperId, offer.driverId]), { offer });

/**
 * Small shipments, live: drivers with the My Routes page open see a new shipment and a match (without the
 * addresses); the customer and the matched driver see the match with them; each offer made, revised or answered
 * goes to its two sides. Pushes are idempotent (clients upsert by id).
 */
export const smallShipmentsLiveProjector = registerProjector({
  name: 'small-shipments-live',
  applicableEvents: [
    'smallShipment.posted',
    'smallShipment.offered',
    'smallShipment.offerAnswered',
    'smallShipment.matched',
  ],
  async handle(event: AnyDomainEvent) {
    switch (event.name) {
      case 'smallShipment.posted':
        publish('smallShipment:posted', rooms.role('individual_driver'), {
          shipment: withoutAddresses(event.data.shipment),
        });
        return;
      case 'smallShipment.offered':
        await pushOffer('shipmentOffer:created', event.data.offer);
        return;
      case 'smallShipment.offerAnswered':
        await pushOffer('shipmentOffer:updated', event.data.offer);
        return;
      case 'smallShipment.matched': {
        const { shipment, offer } = event.data;
        publish('smallShipment:updated', rooms.role('individual_driver'), {
          shipment: withoutAddresses(shipment),
        });
        publish('smallShipment:updated', await partyRooms([shipment.shipperId, offer.driverId]), {
          shipment,
        });
        return;
      }
      default:
        return;
    }
  },
});

/** Drivers whose active route matches a new shipment (routes made after it are not told of it on a replay). */
async function matchingDrivers(shipment: SmallShipmentDto, at: Date): Promise<string[]> {
  const routes = await DriverRouteModel.find(
    { status: 'active', originState: shipment.originState, destinationState: shipment.destinationState },
    {
      driverId: 1,
      originCity: 1,
      originState: 1,
      destinationCity: 1,
      destinationState: 1,
      title: 1,
      createdAt: 1,
    },
  ).lean();
  const drivers = new Set<string>();
  for (const r of routes) {
    if (String(r.driverId) === shipment.shipperId || !routeMatchesShipment(r, shipment)) continue;
    if (r.createdAt && r.createdAt > at) continue;
    drivers.add(String(r.driverId));
  }
  return [...drivers];
}

/**
 * Small shipments' in-app notifications: drivers whose route matches a new shipment; the customer, of a new offer;
 * the driver whose offer was accepted (with the addresses). Each carries a dedupe key made of the fact's id and its
 * recipient, so a replay stores nothing twice.
 */
export const smallShipmentsNotifyProjector = registerProjector({
  name: 'small-shipments-notify',
  applicableEvents: ['smallShipment.posted', 'smallShipment.offered', 'smallShipment.matched'],
  async handle(event: AnyDomainEvent) {
    switch (event.name) {
      case 'smallShipment.posted': {
        const { shipment } = event.data;
        for (const driverId of await matchingDrivers(shipment, new Date(event.at))) {
          await notify({
            userId: driverId,
            kind: 'general',
            title: 'New shipment on your route',
            body: `${shipment.title}: ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState} for ${formatUsd(shipment.offerPrice)}`,
            link: '/driver-routes',
            dedupeKey: `${event.id}-${driverId}`,
            // One customer's shipments to one driver fold into one notification (issue 25).
            coalesce: {
              key: `shipment-match:${shipment.shipperId}`,
              title: '{count} new shipments on your route',
              body: `{count} new shipments from one customer, latest ${shipment.title}: ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState} for ${formatUsd(shipment.offerPrice)}`,
            },
          });
        }
        return;
      }
      case 'smallShipment.offered': {
        const { offer } = event.data;
        if (offer.version !== 1) return; // a revision is pushed, not notified
        // The title never changes once posted.
        const shipment = await SmallShipmentModel.findById(offer.shipmentId, { title: 1 }).lean();
        await notify({
          userId: offer.shipperId,
          kind: 'shipment_offer',
          title: 'New offer on your shipment',
          body: `${offer.driverName} offered ${formatUsd(offer.price)} for ${shipment?.title ?? 'your shipment'}`,
          link: '/',
          dedupeKey: `${event.id}-${offer.shipperId}`,
        });
        return;
      }
      case 'smallShipment.matched': {
        const { shipment, offer } = event.data;
        await notify({
          userId: offer.driverId,
          kind: 'shipment_offer',
          title: 'Your offer was accepted',
          // The matched driver is the one driver who gets the addresses (kept in the notification for later).
          body: [
            `${shipment.title}: ${formatUsd(offer.price)}, ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}`,
            shipment.pickupAddress ? `Pickup: ${shipment.pickupAddress}` : '',
            shipment.deliveryAddress ? `Delivery: ${shipment.deliveryAddress}` : '',
          ]
            .filter(Boolean)
            .join('. '),
          // The workspace: addresses, the customer's contact, chat and the status reports (issue 23).
          link: shipmentWorkspacePath(shipment.id),
          dedupeKey: `${event.id}-${offer.driverId}`,
        });
        return;
      }
      default:
        return;
    }
  },
});
