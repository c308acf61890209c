import { create } from './createStore';
import type {
  BookingRequestDto,
  CarriedShipmentDto,
  DocumentDto,
  DriverRouteDto,
  FreightListingDto,
  InvoiceDto,
  MySmallShipmentDto,
  NegotiationDto,
  NotificationDto,
  TrackingFreightDto,
  TruckPostDto,
} from '@freight/shared';

/**
 * The web's one copy of each server entity (issue 26 item 7): entities by kind and id. Stores keep the ids of what
 * their screens list; a REST answer or a socket event upserts an entity here once, and every screen showing it
 * re-renders from this copy.
 */
export interface EntityTypes {
  /** A load as a listing (the board, the air marketplace, My Loads, the poster's page, the Broker Hub). */
  load: FreightListingDto;
  /** The same load as its participants track it (the tracking page and list; the list's rows add `unreadCount`). */
  trackedLoad: TrackingFreightDto & { unreadCount?: number };
  bookingRequest: BookingRequestDto;
  /** Rate offers and their negotiation. */
  negotiation: NegotiationDto;
  notification: NotificationDto;
  document: DocumentDto;
  /** A small shipment as its customer sees it, with the offers made on it (My Shipments). */
  smallShipment: MySmallShipmentDto;
  /** A small shipment as the driver who won it carries it, with the addresses (My Routes). */
  carriedShipment: CarriedShipmentDto;
  /** A driver's route (My Routes). */
  driverRoute: DriverRouteDto;
  /** A posted truck (the Trucks board, My Truck Posts). */
  truckPost: TruckPostDto;
  /** An invoice (issue 40): the Sent and Received lists, its drawer, the load page's invoice. */
  invoice: InvoiceDto;
}

export type EntityKind = keyof EntityTypes;
export type EntityTable<K extends EntityKind> = Readonly<Record<string, EntityTypes[K]>>;
export type EntityTables = { readonly [K in EntityKind]: EntityTable<K> };

/**
 * How a newer copy of an entity meets the one known. Replace by default: the server's answer is the truth. A load
 * keeps the viewer's actions a push without them did not carry (a booking or offer event carries the load alone); a
 * tracked load keeps the unread count only the list's rows carry; offers and requests keep their actions while
 * their status stands.
 */
const mergeOf: { [K in EntityKind]?: (known: EntityTypes[K], next: EntityTypes[K]) => EntityTypes[K] } = {
  load: (known, next) => {
    const kept =
      next.viewerActions || !known.viewerActions ? next : { ...next, viewerActions: known.viewerActions };
    // A copy without the stops' details (a board push) does not tell them; the known ones stay (issue 39).
    return 'pickupStop' in next || !('pickupStop' in known)
      ? kept
      : {
          ...kept,
          pickupStop: known.pickupStop,
          deliveryStop: known.deliveryStop,
          extraStops: known.extraStops,
        };
  },
  trackedLoad: (known, next) => ({ ...known, ...next }),
  negotiation: (known, next) =>
    withActionsKept(known, next, known.status === next.status && known.version === next.version),
  bookingRequest: (known, next) => withActionsKept(known, next, known.status === next.status),
};

/**
 * A pushed offer or request goes to both parties and carries no viewer's actions: the known ones stay while what
 * they were computed from has not moved; else none until the screens showing it read it again (socketRoutes).
 */
function withActionsKept<T extends { viewerActions?: object }>(known: T, next: T, unmoved: boolean): T {
  if (next.viewerActions || !known.viewerActions || !unmoved) return next;
  return { ...next, viewerActions: known.viewerActions };
}

const KINDS: EntityKind[] = [
  'load',
  'trackedLoad',
  'bookingRequest',
  'negotiation',
  'notification',
  'document',
  'smallShipment',
  'carriedShipment',
  'driverRoute',
  'truckPost',
  'invoice',
];

const emptyTables = (): EntityTables =>
  Object.fromEntries(KINDS.map((k) => [k, {}])) as unknown as EntityTables;

/** Whether two JSON values are the same, nested objects and arrays compared by what they hold. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  return sameFields(a, b);
}

/**
 * Whether two copies show the same: a repeated push, or a list read again with nothing changed (a reconnect's catch-up,
 * a page taken over from the server), changes nothing and re-renders nothing.
 */
function sameFields(a: object, b: object): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * A copy read before the one kept (both stamped with the server's `updatedAt`): a page's read that answers after the
 * push of a change made meanwhile (a load booked while the poster's page reloaded) would show the load as it was.
 * Equal stamps (two changes in one millisecond, or a write that does not stamp) take the incoming copy.
 */
function isOlderCopy(incoming: object, known: object): boolean {
  const at = (e: object) => (e as { updatedAt?: unknown }).updatedAt;
  const [a, b] = [at(incoming), at(known)];
  return typeof a === 'string' && typeof b === 'string' && Date.parse(a) < Date.parse(b);
}

interface EntityState {
  tables: EntityTables;
}

/** The entity tables; read them through `useEntity` / `selectEntity`, write them through the functions below. */
export const useEntityStore = create<EntityState>()(() => ({ tables: emptyTables() }));

function writeTable<K extends EntityKind>(
  kind: K,
  change: (table: Record<string, EntityTypes[K]>) => boolean,
): void {
  const { tables } = useEntityStore.getState();
  const table = { ...(tables[kind] as Record<string, EntityTypes[K]>) };
  if (!change(table)) return;
  useEntityStore.setState({ tables: { ...tables, [kind]: table } });
}

/** Upserts entities of one kind (a REST answer's items, a pushed one) and answers the copies now kept. */
export function upsertEntities<K extends EntityKind>(
  kind: K,
  items: readonly EntityTypes[K][],
): EntityTypes[K][] {
  const merge = mergeOf[kind] as ((a: EntityTypes[K], b: EntityTypes[K]) => EntityTypes[K]) | undefined;
  writeTable(kind, (table) => {
    let changed = false;
    for (const item of items) {
      const known = table[item.id];
      if (known === item || (known && isOlderCopy(item, known))) continue;
      const next = known && merge ? merge(known, item) : item;
      if (known && sameFields(known, next)) continue;
      table[item.id] = next;
      changed = true;
    }
    return changed;
  });
  const table = useEntityStore.getState().tables[kind] as EntityTable<K>;
  return items.map((item) => table[item.id] ?? item);
}

export function upsertEntity<K extends EntityKind>(kind: K, item: EntityTypes[K]): EntityTypes[K] {
  return upsertEntities(kind, [item])[0] as EntityTypes[K];
}

/** Changes fields of a known entity; an unknown id is ignored (nothing shows it). */
export function patchEntity<K extends EntityKind>(
  kind: K,
  id: string,
  changes: Partial<EntityTypes[K]>,
): void {
  writeTable(kind, (table) => {
    const known = table[id];
    if (!known) return false;
    const next = { ...known, ...changes };
    if (sameFields(known, next)) return false;
    table[id] = next;
    return true;
  });
}

/** Changes every known entity of a kind that `where` picks (a load's title on the requests made for it). */
export function patchEntitiesWhere<K extends EntityKind>(
  kind: K,
  where: (entity: EntityTypes[K]) => boolean,
  changes: Partial<EntityTypes[K]>,
): void {
  const ids = Object.values(useEntityStore.getState().tables[kind] as EntityTable<K>)
    .filter(where)
    .map((e) => e.id);
  for (const id of ids) patchEntity(kind, id, changes);
}

/** The entity is gone from the server: every list and page holding its id drops it. */
export function removeEntity(kind: EntityKind, id: string): void {
  writeTable(kind, (table) => {
    if (!(id in table)) return false;
    delete table[id];
    return true;
  });
}

export function getEntity<K extends EntityKind>(kind: K, id: string): EntityTypes[K] | undefined {
  return (useEntityStore.getState().tables[kind] as EntityTable<K>)[id];
}

/** Selector of one entity by id: `useEntityStore(selectEntity('load', id))`. */
export const selectEntity =
  <K extends EntityKind>(kind: K, id: string | null | undefined) =>
  (s: EntityState): EntityTypes[K] | undefined =>
    id ? (s.tables[kind] as EntityTable<K>)[id] : undefined;

/** One entity by id; re-renders when that entity (and only it) changes. */
export function useEntity<K extends EntityKind>(
  kind: K,
  id: string | null | undefined,
): EntityTypes[K] | undefined {
  return useEntityStore(selectEntity(kind, id));
}

/** Forgets every entity (tests). */
export function resetEntities(): void {
  useEntityStore.setState({ tables: emptyTables() });
}
