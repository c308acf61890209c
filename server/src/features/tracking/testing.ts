// Test support (API, socket and e2e tests): booked loads seeded directly, as the booking flow would leave them.
import { DEFAULT_ACCESSORIAL_TERMS, type FreightStatus } from '@freight/shared';
import { FreightModel } from '../freight/model';
import { openChatRoom } from './chat/rooms';

export interface SeedLoadOptions {
  posterId: string;
  carrierId?: string | null;
  status?: FreightStatus;
  brokerId?: string | null;
  title?: string;
  /** Open the chat room as booking does (default: whenever a carrier is set and the load is not available). */
  openChat?: boolean;
  /** Stops between the pickup and the delivery (issue 39), in order: each a kind and a place. */
  extraStops?: {
    kind: 'pickup' | 'delivery';
    city: string;
    state: string;
    /** A facility with an exact point (the geofence watches it, issue 41). */
    facilityName?: string;
    address?: string;
    lat?: number;
    lng?: number;
  }[];
  /**
   * The pickup and the delivery at facilities whose points are exact (as if geocoded), so the geofence watches them
   * (issue 41): Acme DC in Chicago (EXACT_PICKUP) and Lone Star Foods in Dallas (EXACT_DELIVERY).
   */
  exactStops?: boolean;
  /** The load's free time at each stop in minutes (the terms' default, 120, when left out). */
  freeTimeMinutes?: number;
}

/** The exact stops of `exactStops`: their facility and point. */
export const EXACT_PICKUP = {
  facilityName: 'Acme DC',
  address: '1200 Commerce Way',
  lat: 41.85,
  lng: -87.65,
};
export const EXACT_DELIVERY = {
  facilityName: 'Lone Star Foods',
  address: '400 Market St',
  lat: 32.7767,
  lng: -96.797,
};
const exactStop = (s: { facilityName: string; address: string; lat: number; lng: number }) => ({
  ...s,
  approximate: false,
  pinned: false,
});

export async function seedLoad(opts: SeedLoadOptions): Promise<string> {
  const status = opts.status ?? (opts.carrierId ? 'booked' : 'available');
  const load = await FreightModel.create({
    userId: opts.posterId,
    shipperId: opts.brokerId ? null : opts.posterId,
    brokerId: opts.brokerId ?? null,
    carrierId: opts.carrierId ?? null,
    title: opts.title ?? 'Steel coils to Dallas',
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    equipmentType: 'flatbed',
    commodity: 'Steel coils',
    weight: 42000,
    rateCents: 285050,
    distance: 925,
    pickupDate: new Date('2030-03-01T14:00:00Z'),
    deliveryDate: new Date('2030-03-03T14:00:00Z'),
    isUrgent: true,
    status,
    extraStops: (opts.extraStops ?? []).map((e) =>
      e.lat != null ? { ...e, approximate: false, pinned: false } : e,
    ),
    ...(opts.exactStops && {
      originZip: '60607',
      destinationZip: '75201',
      pickupStop: exactStop(EXACT_PICKUP),
      deliveryStop: exactStop(EXACT_DELIVERY),
    }),
    ...(opts.freeTimeMinutes != null && {
      accessorialTerms: { ...DEFAULT_ACCESSORIAL_TERMS, freeTimeMinutes: opts.freeTimeMinutes },
    }),
  });
  const freightId = String(load._id);
  if (opts.carrierId && (opts.openChat ?? status !== 'available')) {
    await openChatRoom({ freightId, shipperId: opts.posterId, carrierId: opts.carrierId });
  }
  return freightId;
}

/** The photo upload tests send: a real image, since uploads are decoded before they are stored (issue 50). */
export { PNG_BYTES } from '@test/fixtures/images';

/** A receiver's signature as the phone sends it (issue 39): a small PNG with one stroke on a transparent strip. */
export const SIGNATURE_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADwAAAAUCAYAAADRA14pAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAWklEQVRYhe3VMQrAMAxDUd3/0upeOpQSS4b+BxljOWATCQDwT3446ex62HQjax56N9FUcoLkYoPpdZGLzcYf6oO1Enc+a+7gyAg7Gfay/viuesE/2sgGAK1xATxUMc+j8n9NAAAAAElFTkSuQmCC';
/** A canvas nobody signed: the same strip, all transparent. */
export const BLANK_SIGNATURE_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADwAAAAUCAYAAADRA14pAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHElEQVRYhe3BAQ0AAADCoPdPbQ43oAAAAACgKwMS1AABGK9cSwAAAABJRU5ErkJggg==';

/** The body of a delivery as the phone sends it: the receiver's name and signature (plus any reason or exception). */
export const signedDelivery = (extra: Record<string, unknown> = {}) => ({
  status: 'delivered' as const,
  receiverName: 'Dana Cole',
  signature: SIGNATURE_DATA_URL,
  ...extra,
});
