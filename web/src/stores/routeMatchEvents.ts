import {
  routeMatchesShipment,
  type DriverRouteDto,
  type RouteMatchDto,
  type ShipmentOfferDto,
  type SmallShipmentDto,
} from '@freight/shared';
import type { KeyedList } from '../lib/resourceStore';

export const MATCHES_PAGE_SIZE = 5;

/** One route's open list of matching shipments (one page of it). */
export type RouteMatches = KeyedList<RouteMatchDto>;

/** Open match lists by route id. */
export type MatchLists = Record<string, RouteMatches>;

/** A shipment posted by someone else joins the open lists of the active routes it matches (newest first: page 1). */
export function matchesAfterPosted(
  lists: MatchLists,
  routes: DriverRouteDto[],
  shipment: SmallShipmentDto,
): MatchLists {
  const next = { ...lists };
  for (const route of routes) {
    const list = next[route.id];
    if (!list || route.status !== 'active' || !routeMatchesShipment(route, shipment)) continue;
    if (list.items.some((m) => m.id === shipment.id)) continue;
    next[route.id] = {
      ...list,
      total: list.total + 1,
      items:
        list.page === 1
          ? [{ ...shipment, myOffer: null }, ...list.items].slice(0, MATCHES_PAGE_SIZE)
          : list.items,
    };
  }
  return next;
}

/** A shipment no longer posted leaves the lists, unless the driver won it (then it shows as accepted). */
export function matchesAfterUpdated(lists: MatchLists, shipment: SmallShipmentDto): MatchLists {
  if (shipment.status === 'posted') return lists;
  const next = { ...lists };
  for (const [routeId, list] of Object.entries(next)) {
    const match = list.items.find((i) => i.id === shipment.id);
    if (!match) continue;
    const won = match.myOffer && shipment.matchedOfferId === match.myOffer.id;
    next[routeId] = won
      ? { ...list, items: list.items.map((i) => (i.id === shipment.id ? { ...i, ...shipment } : i)) }
      : {
          ...list,
          items: list.items.filter((i) => i.id !== shipment.id),
          total: Math.max(0, list.total - 1),
        };
  }
  return next;
}

/** The driver's own offer shows on its shipment in every list. */
export function matchesAfterOffer(lists: MatchLists, offer: ShipmentOfferDto): MatchLists {
  const next = { ...lists };
  for (const [routeId, list] of Object.entries(next)) {
    if (!list.items.some((i) => i.id === offer.shipmentId)) continue;
    next[routeId] = {
      ...list,
      items: list.items.map((i) => (i.id === offer.shipmentId ? { ...i, myOffer: offer } : i)),
    };
  }
  return next;
}
