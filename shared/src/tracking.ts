// Tracking: location, status, photos and chat for a booked load (SPEC §2 Freight tracking, §3, §5, §7 calls 14-19).
import { z } from 'zod';
import type { Ack } from './api';
import type { UserType } from './enums';
import type { LoadAssignmentDto } from './fleet';
import type { RatingBadgeDto } from './ratings';
import type { PinDockStop, TripStopDto } from './stops';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { CHAT_MESSAGE_TYPES, PHOTO_TYPES, type FreightStatus } from './enums';

export type PhotoType = (typeof PHOTO_TYPES)[number];
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

export const PHOTO_TYPE_LABELS: Record<PhotoType, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  in_transit: 'In Transit',
  damage: 'Damage',
  lumper_receipt: 'Lumper receipt',
};

export { loadReference } from './loadReference';

export const CHAT_NOT_AVAILABLE_MESSAGE = 'Chat not available. The freight must be booked to start chatting.';
export const FREIGHT_NOT_FOUND_MESSAGE = 'Freight not found';

const objectId = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

/** Latitude and longitude: numbers (not numeric strings) within range (SPEC §5 Location update). */
export const latitudeSchema = z
  .number({ message: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
export const longitudeSchema = z
  .number({ message: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

/**
 * A position or photo taken without a signal and sent later (issue 29): the time the phone took it, at most
 * CAPTURE_MAX_SKEW_MS ahead of the server's clock and at most CAPTURE_MAX_AGE_MS old, and the phone's own id for it,
 * so a send repeated after a flaky reconnect stores it once.
 */
export const CAPTURE_MAX_SKEW_MS = 2 * 60 * 1000;
export const CAPTURE_MAX_AGE_MS = 48 * 60 * 60 * 1000;
export const captureFields = {
  capturedAt: z.iso
    .datetime({ offset: true, message: 'capturedAt: an ISO date-time' })
    .refine((v) => {
      const at = Date.parse(v) - Date.now();
      return at <= CAPTURE_MAX_SKEW_MS && at >= -CAPTURE_MAX_AGE_MS;
    }, 'capturedAt: within the last 48 hours')
    .optional(),
  clientId: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'clientId: 8-64 of A-Z, a-z, 0-9, _, -')
    .optional(),
};

/** POST /api/freight/:id/location (call 15); a late position carries its capture time and client id. */
export const locationUpdateSchema = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  ...captureFields,
});
export type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;

/** The statuses a tracking participant may move a load to (the status machine lives in the server). */
export const TRACKING_STATUS_TARGETS = ['in_transit', 'delivered', 'cancelled'] as const;
export type TrackingStatusTarget = (typeof TRACKING_STATUS_TARGETS)[number];
/** A delivery is marked at the delivery place: within this many miles of it (issue 16), or with a reason. */
export const DELIVERY_RADIUS_MILES = 10;
export const DELIVERY_REASON_NEEDED = 'DELIVERY_AWAY';

/**
 * Stop events (issue 16): the carrier says where the load stands, in this order. Loaded starts the trip
 * (booked → in transit); a position alone never does, since positions are shared automatically. On a load with stops
 * between its first pickup and its last delivery (issue 39), each is reported done in its turn (`stop_done` with the
 * stop's number, 2 for the first after the pickup) between Loaded and Arrived at delivery.
 */
export const STOP_EVENT_KINDS = ['arrived_pickup', 'loaded', 'stop_done', 'arrived_delivery'] as const;
export type StopEventKind = (typeof STOP_EVENT_KINDS)[number];
export const STOP_EVENT_LABELS: Record<StopEventKind, string> = {
  arrived_pickup: 'Arrived at pickup',
  loaded: 'Loaded',
  stop_done: 'Done at stop',
  arrived_delivery: 'Arrived at delivery',
};
/** One report of a trip: a kind, and for a stop in between its number on the load. */
export interface TripReport {
  kind: StopEventKind;
  stop: number | null;
}

/**
 * The reports a trip takes, in the order they must come: arrived at pickup, loaded, done at each stop in between
 * (numbered 2, 3, …; issue 39), arrived at delivery. The server refuses a report before the one ahead of it.
 */
export function tripReportOrder(extraStopCount: number): TripReport[] {
  const between = Array.from({ length: extraStopCount }, (_, i): TripReport => ({
    kind: 'stop_done',
    stop: i + 2,
  }));
  return [
    { kind: 'arrived_pickup', stop: null },
    { kind: 'loaded', stop: null },
    ...between,
    { kind: 'arrived_delivery', stop: null },
  ];
}

/** The report's key: its kind, and its stop's number for a stop in between. */
export const tripReportKey = (r: TripReport) => `${r.kind}:${r.stop ?? ''}`;

export const stopEventSchema = z
  .object({
    kind: z.enum(STOP_EVENT_KINDS, {
      message: 'kind must be arrived_pickup, loaded, stop_done or arrived_delivery',
    }),
    /** stop_done only: the stop's number on the load (2 for the first stop after the pickup). */
    stop: z
      .number({ message: 'Expected a stop number' })
      .int('Expected a stop number')
      .min(2)
      .max(99)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'stop_done' && v.stop === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['stop'],
        message: 'Say which stop is done (2 is the first after the pickup)',
      });
    if (v.kind !== 'stop_done' && v.stop !== undefined)
      ctx.addIssue({ code: 'custom', path: ['stop'], message: 'Only stop_done names a stop' });
  });
export type StopEventInput = z.infer<typeof stopEventSchema>;

/**
 * Delivery with proof (issue 39, item 3): what the receiver noted on receipt. `none` is a clean delivery; the others
 * need a note the shipper reads (what is short, what is damaged, why it was refused).
 */
export const DELIVERY_EXCEPTION_KINDS = ['none', 'shortage', 'damage', 'refused'] as const;
export type DeliveryExceptionKind = (typeof DELIVERY_EXCEPTION_KINDS)[number];
export const DELIVERY_EXCEPTION_LABELS: Record<DeliveryExceptionKind, string> = {
  none: 'None: delivered complete and in good order',
  shortage: 'Shortage',
  damage: 'Damage',
  refused: 'Refused (all or part)',
};
/** The receiver's signature: a PNG data URL of at most this many characters (about 150 KB of image). */
export const SIGNATURE_MAX_CHARS = 200_000;
export const SIGNATURE_REQUIRED_MESSAGE = 'The receiver must sign';
const SIGNATURE_PREFIX = 'data:image/png;base64,';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const statusChangeSchema = z
  .object({
    status: z.enum(TRACKING_STATUS_TARGETS, { message: 'status must be in_transit, delivered or cancelled' }),
    /** Why a delivery is marked away from the delivery place (the shipper sees it). */
    deliveryNote: z.preprocess(
      blankToUndefined,
      z.string().trim().min(3, 'Say in a few words why').max(500).optional(),
    ),
    /** Delivery only: who received the load, as they print their name. */
    receiverName: z.preprocess(
      blankToUndefined,
      z
        .string({ message: 'The receiver’s name is required' })
        .trim()
        .min(2, 'The receiver’s full name')
        .max(100, 'At most 100 characters')
        .optional(),
    ),
    /** Delivery only: the receiver's signature drawn on the phone, as a PNG data URL (the server refuses a blank one). */
    signature: z.preprocess(
      blankToUndefined,
      z
        .string({ message: SIGNATURE_REQUIRED_MESSAGE })
        .max(SIGNATURE_MAX_CHARS, 'The signature image is too large')
        .refine(
          (v) =>
            v.startsWith(SIGNATURE_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(v.slice(SIGNATURE_PREFIX.length)),
          'A PNG image as a data URL (data:image/png;base64,...)',
        )
        .optional(),
    ),
    /** Delivery only: an exception noted on receipt (default none), with its note. */
    exception: z
      .enum(DELIVERY_EXCEPTION_KINDS, { message: 'exception must be none, shortage, damage or refused' })
      .optional(),
    exceptionNote: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.status !== 'delivered') return;
    if (!v.receiverName) {
      ctx.addIssue({ code: 'custom', path: ['receiverName'], message: 'The receiver’s name is required' });
    }
    if (!v.signature)
      ctx.addIssue({ code: 'custom', path: ['signature'], message: SIGNATURE_REQUIRED_MESSAGE });
    if (v.exception && v.exception !== 'none' && (!v.exceptionNote || v.exceptionNote.length < 3)) {
      ctx.addIssue({
        code: 'custom',
        path: ['exceptionNote'],
        message: 'Say what is short, damaged or refused',
      });
    }
  });
export type StatusChangeInput = z.infer<typeof statusChangeSchema>;

/** A multipart field: empty → absent; otherwise a number within range. */
const optionalCoordinate = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), schema.optional());

/** POST /api/freight/:id/photos (call 17): the fields beside the `photo` file. */
export const photoUploadSchema = z.object({
  photoType: z.enum(PHOTO_TYPES, { message: 'Please select a photo type' }),
  description: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => v || null),
  latitude: optionalCoordinate(latitudeSchema),
  longitude: optionalCoordinate(longitudeSchema),
  ...captureFields,
});
export type PhotoUploadInput = z.input<typeof photoUploadSchema>;

/** POST /api/freight/:id/chat/message (call 19) and the chat:send socket event (plus freightId). */
export const chatMessageSchema = z
  .object({
    message: z
      .string({ message: 'Message is required' })
      .trim()
      .min(1, 'Message cannot be empty')
      .max(CHAT_MESSAGE_MAX_LENGTH, `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
    messageType: z.enum(CHAT_MESSAGE_TYPES).default('text'),
    imageUrl: z.string().max(300).nullish(),
    latitude: latitudeSchema.nullish(),
    longitude: longitudeSchema.nullish(),
    /** Chosen by the client; a retried send with the same id stores one message. */
    clientMessageId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientMessageId: letters, digits, - and _ (64 at most)')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.messageType === 'image' && !v.imageUrl)
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'An image message needs an imageUrl' });
    if (v.messageType === 'location' && (v.latitude == null || v.longitude == null))
      ctx.addIssue({
        code: 'custom',
        path: ['latitude'],
        message: 'A location message needs latitude and longitude',
      });
  });
export type ChatMessageInput = z.input<typeof chatMessageSchema>;

/** GET /api/freight/:id/chat: the newest page, or older than `before`, or newer than `after` (catch-up). */
export const chatQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type ChatQuery = z.input<typeof chatQuerySchema>;

export const chatReadSchema = z.object({ seq: z.number().int().min(0).optional() });

// Socket payloads (client → server).
export const freightRoomSchema = z.object({ freightId: objectId });
export const socketLocationSchema = z.object({
  freightId: objectId,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  ...captureFields,
});

// DTOs.

/**
 * What the viewer may do on a load's tracking page (issue 26), computed for each viewer by the server's tracking
 * policies from who they are on the load and its status; the web shows a button for each action present. A status
 * push changes the load's status only: the web reads the load again for its new actions.
 */
export interface TrackingViewerActions {
  /** Share and send the device's position: the booked carrier, while the load is booked or in transit. */
  updateLocation?: true;
  /** Report the trip's stops (arrived, loaded, arrived at delivery): the booked carrier, while booked or in transit. */
  reportStops?: true;
  /** Booked → in transit: the booked carrier. */
  startTrip?: true;
  /** In transit → delivered: the booked carrier. */
  markDelivered?: true;
  /** Cancel the load: whoever runs it (its poster, broker or shipper), while it may still be cancelled. */
  cancel?: true;
  /** Write in the chat and upload photos: the load's participants (an admin who takes no part reads only). */
  write?: true;
  /** Assign (or reassign) the truck and driver: the booked carrier's owners, admins and dispatchers (issue 29). */
  assign?: true;
  /**
   * Read the load's papers (rate confirmation, proof of delivery): its parties' owners, admins, dispatchers and
   * accounting, and admins (`loadDocument:view`); not a driver, who is told they do not exist.
   */
  viewDocuments?: true;
  /** Pin a stop's dock on the map (issue 39): the booked carrier's owners, admins and dispatchers, and its driver. */
  pinDock?: true;
}

/** POST /api/freight/:id/stops/:which/pin (issue 39): the dock's point, where the device is. */
export const pinDockSchema = z.object({
  lat: z
    .number({ message: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: z
    .number({ message: 'lng must be a number' })
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
});
export type PinDockInput = z.infer<typeof pinDockSchema>;
/** Which stop's dock: the first pickup, the last delivery, or a stop in between by its number ('2' is the first). */
export const pinDockParamsSchema = z.object({
  id: z.string(),
  which: z
    .string()
    .regex(/^(pickup|delivery|[2-9])$/, {
      message: 'which must be pickup, delivery or the number of a stop in between',
    })
    .transform((w): PinDockStop => (w === 'pickup' || w === 'delivery' ? w : Number(w))),
});

/** SPEC §3 "Freight detail (tracking)", plus what the screen needs to draw the map and pick its buttons. */
export interface TrackingFreightDto {
  id: string;
  title: string;
  status: FreightStatus;
  isUrgent: boolean;
  /** The load's rate in dollars. */
  price: number | null;
  distance: number | null;
  cargoType: string | null;
  equipmentType: string;
  pickupCity: string;
  pickupState: string;
  deliveryCity: string;
  deliveryState: string;
  pickupDate: string | null;
  deliveryDate: string | null;
  lastLocationUpdate: string | null;
  currentLat: number | null;
  currentLng: number | null;
  /** The pins: where the load is picked up and delivered (the best point known, else the city's), null if unknown. */
  pickupLat: number | null;
  pickupLng: number | null;
  deliveryLat: number | null;
  deliveryLng: number | null;
  /** The poster (shipper or broker). */
  posterId: string;
  carrierId: string | null;
  chatAvailable: boolean;
  /** The carrier's reason for marking the load delivered away from the delivery place (issue 16), else null. */
  deliveryNote: string | null;
  /** The receipt taken at delivery (issue 39): who received it, their signature, any exception; null before. */
  deliveryProof: DeliveryProofDto | null;
  /** The truck and driver that run the load (issue 29), null until assigned. */
  assignment?: LoadAssignmentDto | null;
  updatedAt: string;
  viewerActions: TrackingViewerActions;
  /**
   * Each stop with its details (issue 39): for the viewers the server's `load:stopDetails` rule lets read them (the
   * load's parties, its booked carrier's dispatcher and its assigned driver); absent for anyone else.
   */
  pickupStop?: TripStopDto;
  deliveryStop?: TripStopDto;
  /** The stops between the first pickup and the last delivery, in order, for the same viewers. */
  extraStops?: TripStopDto[];
  /** How many stops lie between the first pickup and the last delivery (everyone on the load knows the count). */
  extraStopCount: number;
}

/** A stop event in words: "Loaded", "Done at stop 2 (pickup)". */
export function stopEventText(e: Pick<StopEventDto, 'kind' | 'stop' | 'stopKind'>): string {
  if (e.kind === 'stop_done') return `Done at stop ${e.stop ?? '?'}${e.stopKind ? ` (${e.stopKind})` : ''}`;
  return STOP_EVENT_LABELS[e.kind] ?? 'Stop reported';
}

/** The receipt a delivery was marked with (issue 39, item 3), as the load.moved fact states it. */
export interface DeliveryReceipt {
  receiverName: string;
  signedAt: string;
  exception: DeliveryExceptionKind;
  exceptionNote: string | null;
}

/** The receipt as the load's participants read it: with the signature image (PNG) to show. */
export interface DeliveryProofDto extends DeliveryReceipt {
  signatureUrl: string;
}

/** A tracked-loads list row: the detail plus this user's unread chat count. */
export interface TrackedLoadDto extends TrackingFreightDto {
  unreadCount: number;
}

/** GET /api/freight/:id/location (call 14): lat, lng on read. */
export interface LocationDto {
  lat: number | null;
  lng: number | null;
  lastLocationUpdate: string | null;
}

/** One point of the trail (GET /api/freight/:id/location/history, newest first). */
export interface LocationPointDto {
  id: string;
  freightListingId: string;
  lat: number;
  lng: number;
  createdAt: string;
}

/** One party of a load as its tracking page shows it (issue 16): who they are and their FMCSA numbers. */
export interface LoadPartyDto {
  name: string;
  /** Which road numbers apply to the party (authorityNumbersOf): none for shippers and air cargo operators. */
  userType: UserType | null;
  companyName: string | null;
  mcNumber: string | null;
  usdotNumber: string | null;
}
/** GET /api/freight/:id/parties: the poster and the booked carrier (null until booked); participants only. */
export interface LoadPartiesDto {
  poster: LoadPartyDto | null;
  carrier: LoadPartyDto | null;
  /** The poster's company's rating and days-to-pay (issue 40), as the board's load cards carry them. */
  posterRating: RatingBadgeDto;
}

/** One stop event of a load: what the carrier reported, when, and where the load was then (if shared). */
export interface StopEventDto {
  id: string;
  freightListingId: string;
  kind: StopEventKind;
  /** stop_done: the stop's number on the load and whether it is a pickup or a delivery; null for the others. */
  stop: number | null;
  stopKind: 'pickup' | 'delivery' | null;
  at: string;
  lat: number | null;
  lng: number | null;
}

export interface TrackingUserSummary {
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

export interface FreightPhotoDto {
  id: string;
  freightListingId: string;
  userId: string;
  photoUrl: string;
  photoType: PhotoType;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  createdAt: string;
  user: Pick<TrackingUserSummary, 'firstName' | 'lastName'>;
}

export interface ChatRoomDto {
  id: string;
  freightListingId: string;
  shipperId: string;
  carrierId: string;
  createdAt: string;
}

export interface ChatMessageDto {
  id: string;
  chatRoomId: string;
  freightListingId: string;
  /** Order within the room (1, 2, …); cursors for older pages and catch-up. */
  seq: number;
  userId: string;
  message: string;
  messageType: ChatMessageType;
  imageUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  clientMessageId: string;
  createdAt: string;
  user: TrackingUserSummary;
}

/** GET /api/freight/:id/chat (call 18): messages oldest → newest within the page. */
export interface ChatPageDto {
  room: ChatRoomDto;
  messages: ChatMessageDto[];
  /** More messages beyond this page in the direction asked (older, or newer for `after`). */
  hasMore: boolean;
  total: number;
  unreadCount: number;
}

export interface UnreadCountDto {
  freightId: string;
  unreadCount: number;
}

export interface FreightStatusChangeDto {
  freightId: string;
  status: FreightStatus;
  previousStatus: FreightStatus;
  changedBy: string;
  changedAt: string;
}

export interface FreightLocationEventDto extends LocationDto {
  freightId: string;
  point: LocationPointDto;
}

/** Server → client (DESIGN §1): to freight:<id>, and chat:unread to user:<id>. */
export interface TrackingEvents {
  'freight:location': (payload: FreightLocationEventDto) => void;
  'freight:status': (payload: FreightStatusChangeDto) => void;
  'freight:stop': (payload: { freightId: string; stop: StopEventDto }) => void;
  'freight:photo': (payload: { freightId: string; photo: FreightPhotoDto }) => void;
  /** A stop's dock was pinned (issue 39): the load is read again (the stops are the viewer's to read, or not). */
  'freight:dockPinned': (payload: { freightId: string; stop: 'pickup' | 'delivery' }) => void;
  'chat:message': (payload: { freightId: string; message: ChatMessageDto }) => void;
  'chat:unread': (payload: UnreadCountDto) => void;
}

/** Client → server, each with an ack (DESIGN §1). */
export interface TrackingClientEvents {
  'freight:join': (payload: { freightId: string }, ack: (res: Ack<{ freightId: string }>) => void) => void;
  'freight:leave': (payload: { freightId: string }, ack: (res: Ack<{ freightId: string }>) => void) => void;
  'chat:send': (
    payload: ChatMessageInput & { freightId: string },
    ack: (res: Ack<ChatMessageDto>) => void,
  ) => void;
  'location:update': (
    payload: LocationUpdateInput & { freightId: string },
    ack: (res: Ack<LocationDto>) => void,
  ) => void;
}
