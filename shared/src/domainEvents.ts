import { z } from 'zod';
import type { BackgroundCheckDto } from './backgroundChecks';
import type { DocumentDto, DocumentStatus, PendingDocumentDto, VerificationStatusDto } from './documents';
import type { FreightStatus } from './enums';
import type { InvoiceDto } from './invoices';
import type { BookingRequestDto, FreightListingDto, NegotiationDto } from './freight';
import type { LoadAssignmentDto, TruckDto } from './fleet';
import type { LoadDocumentDto } from './loadDocuments';
import type { ShipmentMessageDto, ShipmentPhotoDto, ShipmentReportDto } from './shipmentWorkspace';
import type { ShipmentOfferDto, SmallShipmentDto } from './smallShipments';
import type { SubscriptionChangedPayload } from './subscriptions';
import type { RatingDto, RatingValues } from './ratings';
import { STOP_VISIT_SOURCES } from './stopClock';
import type { TruckPostDto } from './truckPosts';
import type {
  ChatMessageDto,
  DeliveryReceipt,
  FreightPhotoDto,
  LocationPointDto,
  StopEventDto,
} from './tracking';

/**
 * The domain events (issue 26): one per business fact, named `<subject>.<past tense>`. A service records the fact as
 * the last step of the write that makes it (server/src/events/record.ts); projectors turn the log into pushes,
 * notifications, the open-load book, alerts, documents and a load's history. This file is the one place each
 * fact's name and data are declared.
 *
 * The data of a fact is what happened, as the subject looked right after it (a DTO snapshot where screens show the
 * subject), so every projector is a function of the log alone: replaying it from the start gives the same result.
 */

/** A DTO snapshot inside a fact: described for the reader, checked by the service that made it. */
const snapshot = <T>() => z.custom<T>((v) => typeof v === 'object' && v !== null);

/** A load's people and, beside each, their company as the load records it. */
export type LoadPartiesSnapshot = Pick<
  FreightListingDto,
  | 'userId'
  | 'companyId'
  | 'carrierId'
  | 'carrierCompanyId'
  | 'brokerId'
  | 'brokerCompanyId'
  | 'shipperId'
  | 'shipperCompanyId'
>;

/** A user's subscription as it stands after a change (what `subscription:changed` carries, less its reason). */
export type SubscriptionSnapshot = Omit<SubscriptionChangedPayload, 'reason'>;

const loadSnapshot = { load: snapshot<FreightListingDto>() };

/** An invoice's snapshot and the people of both sides (an account without a company is its own party). */
const invoiceSnapshot = {
  invoice: snapshot<InvoiceDto>(),
  parties: z.object({ issuerUserId: z.string(), payerUserId: z.string() }),
};

/**
 * A stop's transition (issue 41, slice 2): enough to recompute each visit's dwell from the log alone (docs/detention.md):
 * the stop, its facility, the time and where it came from. The fact's `loadId` names the load.
 */
const stopVisitFacts = {
  /** The stop: its place in the trip (1 is the first pickup, `stopCount` the last delivery) and its kind. */
  stop: z.object({
    sequence: z.number().int(),
    kind: z.enum(['pickup', 'delivery']),
    stopCount: z.number().int(),
  }),
  /** The facility's key (issue 39's dock pins): null for a stop without a street address. */
  facilityKey: z.string().nullable(),
  /** The facility in words, as it was named on the load ("Acme DC", else its street, else its city). */
  facilityName: z.string(),
  /** The facility's time zone (from its state): how the times are told. */
  timeZone: z.string(),
  /** When it happened (ISO): the position's capture time, or the time checked in. */
  at: z.string(),
  source: z.enum(STOP_VISIT_SOURCES),
  /**
   * The position that proves it: a geofence transition's trail point (its id) and where it was; for a check-in, the
   * last position known then (no id), or null when none was shared.
   */
  point: z.object({ id: z.string().nullable(), lat: z.number(), lng: z.number() }).nullable(),
  /** The trip report that checked it in (`loaded`, `stop_done`, …, or `delivered`), null otherwise. */
  report: z.string().nullable(),
  parties: snapshot<LoadPartiesSnapshot>(),
};

export const DOMAIN_EVENTS = {
  // A load's life
  'load.posted': z.object(loadSnapshot),
  'load.edited': z.object({
    ...loadSnapshot,
    changed: z.array(z.string()),
    /** The carriers waiting on the load when it was edited (a pending request or an open offer): they are told. */
    carrierIds: z.array(z.string()).optional(),
  }),
  'load.withdrawn': z.object({ ...loadSnapshot, reason: z.string().nullable() }),
  /** A move in the status table (SPEC §8.1); `previous` is the status before. */
  'load.moved': z.object({
    ...loadSnapshot,
    previous: z.custom<FreightStatus>(),
    status: z.custom<FreightStatus>(),
    /** A booking's carrier (to booked; also kept on a cancel so its carrier hears of it). */
    carrierId: z.string().nullable(),
    /** To delivered (issue 39): the receiver's receipt, who signed, when, and any exception noted. */
    delivery: snapshot<DeliveryReceipt>().optional(),
  }),
  // Booking requests
  'booking.requested': z.object({ request: snapshot<BookingRequestDto>(), ...loadSnapshot }),
  'booking.reviewed': z.object({
    request: snapshot<BookingRequestDto>(),
    load: snapshot<FreightListingDto | null>(),
  }),
  /** A pending request closed because its load stopped being available. */
  'booking.closed': z.object({ request: snapshot<BookingRequestDto>(), ...loadSnapshot }),
  // Rate offers
  'offer.made': z.object({ offer: snapshot<NegotiationDto>() }),
  'offer.revised': z.object({ offer: snapshot<NegotiationDto>() }),
  'offer.countered': z.object({ offer: snapshot<NegotiationDto>() }),
  /** `load`: the load as the acceptance left it (booked). */
  'offer.accepted': z.object({
    offer: snapshot<NegotiationDto>(),
    load: snapshot<FreightListingDto | null>().optional(),
  }),
  /** `reason` and `load` when the offer closed because its load stopped being available (the load as it is then). */
  'offer.rejected': z.object({
    offer: snapshot<NegotiationDto>(),
    reason: z.string().nullable(),
    load: snapshot<FreightListingDto | null>().optional(),
  }),
  'offer.expired': z.object({ offer: snapshot<NegotiationDto>() }),
  'offer.withdrawn': z.object({ offer: snapshot<NegotiationDto>() }),
  // A booked load's trip
  /** `parties`: the load's people and their companies when the stop was reported (absent from older facts). */
  'stop.reported': z.object({
    stop: snapshot<StopEventDto>(),
    parties: snapshot<LoadPartiesSnapshot>().optional(),
  }),
  /**
   * A dispatcher or driver pinned the dock of one of the load's stops (issue 39): the point is the stop's from now
   * on, and every later load's at that facility.
   */
  'dock.pinned': z.object({
    stop: z.enum(['pickup', 'delivery']),
    /** A stop in between (its number on the load); absent for the first pickup and the last delivery. */
    sequence: z.number().optional(),
    lat: z.number(),
    lng: z.number(),
  }),
  /** The truck arrived at a stop (one arrival per stop and load): its free time runs from `at`. */
  'stop.arrived': z.object({ ...stopVisitFacts, freeTimeMinutes: z.number() }),
  /**
   * The truck left a stop (one departure per stop and load), with its dwell. A trip report that says the truck left
   * (Loaded, Done at stop) when no arrival was recorded departs it without one: `arrivedAt` and the dwell are null.
   */
  'stop.departed': z.object({
    ...stopVisitFacts,
    arrivedAt: z.string().nullable(),
    dwellMinutes: z.number().nullable(),
    /** The load's free time at each stop: a dwell past it was detained (facility scorecards, slice 4). */
    freeTimeMinutes: z.number(),
  }),
  /**
   * The free time at a stop ends soon and the truck is still there: the poster's people are told when detention
   * starts (`detentionStartsAt`); once per stop and load, never after the departure.
   */
  'stop.freeTimeEnding': z.object({
    stop: stopVisitFacts.stop,
    facilityKey: z.string().nullable(),
    facilityName: z.string(),
    timeZone: z.string(),
    arrivedAt: z.string(),
    freeTimeMinutes: z.number(),
    detentionStartsAt: z.string(),
    parties: snapshot<LoadPartiesSnapshot>(),
  }),
  'photo.added': z.object({ photo: snapshot<FreightPhotoDto>() }),
  'chat.posted': z.object({ message: snapshot<ChatMessageDto>() }),
  /**
   * A position of the truck. Every ping is pushed live and kept in the track (tracking's own collection); the log
   * keeps one position per load per POSITION_FACT_EVERY_MS, so the history shows the trip without every ping.
   */
  'position.recorded': z.object({ point: snapshot<LocationPointDto>() }),
  /**
   * A dispatcher assigned (or reassigned) the truck and driver of a booked load (issue 29); `previous` is the
   * assignment before, if any (its driver is told they are off the load).
   */
  'load.assigned': z.object({
    ...loadSnapshot,
    assignment: snapshot<LoadAssignmentDto>(),
    // snapshot() refuses null (a first assignment has no previous one): nullable outside it.
    previous: snapshot<LoadAssignmentDto>().nullable(),
  }),
  /** A carrier company's truck added, edited (status included) or removed (issue 29). */
  'truck.added': z.object({ truck: snapshot<TruckDto>() }),
  'truck.edited': z.object({ truck: snapshot<TruckDto>(), changed: z.array(z.string()) }),
  'truck.removed': z.object({ truck: snapshot<TruckDto>() }),
  'loadDocument.ready': z.object({ document: snapshot<LoadDocumentDto>() }),
  // Compliance
  /** `queued`: the document as the admins' verification queue shows it (with its owner's type and company). */
  'document.uploaded': z.object({
    document: snapshot<DocumentDto>(),
    queued: snapshot<PendingDocumentDto>(),
  }),
  'document.reviewed': z.object({ document: snapshot<DocumentDto>() }),
  /** A reminder `reminder` days ahead (30, 7 or 1) of the expiration date, sent when `daysLeft` were left. */
  'document.expiring': z.object({
    document: snapshot<DocumentDto>(),
    daysLeft: z.number(),
    reminder: z.number(),
  }),
  /** `previousStatus`: in review or approved when it lapsed (one in review also leaves the admins' queue). */
  'document.expired': z.object({
    document: snapshot<DocumentDto>(),
    previousStatus: z.custom<DocumentStatus>(),
  }),
  /**
   * The user's verification as just computed (after a review, an expiry, a repair or a change of account type),
   * also when the flag stayed: the lists of submitted and approved types may have moved. `status` is 'verified' or
   * 'unverified'; `verification` the full status the user's screens show.
   */
  'verification.changed': z.object({
    userId: z.string(),
    isVerified: z.boolean(),
    status: z.string(),
    verification: snapshot<VerificationStatusDto>(),
  }),
  /** `userEmail`: the driver's email, as the admins' queue shows it. */
  'backgroundCheck.submitted': z.object({
    check: snapshot<BackgroundCheckDto>(),
    userEmail: z.string().nullable(),
  }),
  'backgroundCheck.reviewed': z.object({ check: snapshot<BackgroundCheckDto>() }),
  'plan.changed': z.object({ userId: z.string(), plan: z.string(), previous: z.string().nullable() }),
  /** A subscription paid for a month (a first one, or a renewal or change of plan); `planName` as shown. */
  'subscription.activated': z.object({
    subscription: snapshot<SubscriptionSnapshot>(),
    planName: z.string(),
  }),
  /** Canceled at the end of its period: still active until `subscriptionExpiresAt`, not renewed. */
  'subscription.canceled': z.object({ subscription: snapshot<SubscriptionSnapshot>(), planName: z.string() }),
  /** Past its date: inactive now. */
  'subscription.expired': z.object({ subscription: snapshot<SubscriptionSnapshot>(), planName: z.string() }),
  // Accounts
  /** The account has a type for the first time (at registration, or at setup for one made without a type). */
  'account.created': z.object({
    userId: z.string(),
    userType: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
  /** The account's type changed at setup (`previous` is the type before). */
  'account.typeChanged': z.object({
    userId: z.string(),
    userType: z.string(),
    previous: z.string(),
    companyName: z.string().nullable(),
  }),
  // Broker–shipper relationships
  /** A broker invited a shipper by email (only a new invitation; a repeat updates its terms). */
  'invitation.sent': z.object({
    invitation: z.object({ id: z.string(), brokerId: z.string(), email: z.string() }),
  }),
  /** The shipper accepted or declined; `shipperName` as the broker is told ("Dana Ruiz" or the company). */
  'invitation.answered': z.object({
    invitation: z.object({
      id: z.string(),
      brokerId: z.string(),
      email: z.string(),
      status: z.enum(['accepted', 'declined']),
    }),
    shipperName: z.string(),
  }),
  // Company accounts (issue 28): the company's team. `member` names the person as they were at the change.
  'company.memberJoined': z.object({
    companyId: z.string(),
    member: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
    companyName: z.string(),
    invitationId: z.string(),
  }),
  /** Removed by an owner or admin: their sessions and sockets end at once. */
  'company.memberRemoved': z.object({
    companyId: z.string(),
    member: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
    companyName: z.string(),
  }),
  'company.memberLeft': z.object({
    companyId: z.string(),
    member: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
    companyName: z.string(),
  }),
  'company.roleChanged': z.object({
    companyId: z.string(),
    userId: z.string(),
    role: z.string(),
    previous: z.string(),
    companyName: z.string(),
  }),
  /** The old owner became an admin. */
  'company.ownershipTransferred': z.object({
    companyId: z.string(),
    from: z.string(),
    to: z.string(),
    companyName: z.string(),
  }),
  /**
   * An invitation made or sent again (each send has its own token). `sealedToken` is the token encrypted with the
   * server's field key (the invitation keeps only its hash), so the mail projector can put the link in the email.
   */
  'company.invitationSent': z.object({
    companyId: z.string(),
    invitation: z.object({ id: z.string(), email: z.string(), role: z.string(), expiresAt: z.string() }),
    companyName: z.string(),
    invitedBy: z.string(),
    sealedToken: z.string(),
    resent: z.boolean(),
  }),
  'company.invitationRevoked': z.object({
    companyId: z.string(),
    invitation: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  }),
  // Small shipments
  'smallShipment.posted': z.object({ shipment: snapshot<SmallShipmentDto>() }),
  'smallShipment.offered': z.object({ offer: snapshot<ShipmentOfferDto>() }),
  'smallShipment.offerAnswered': z.object({ offer: snapshot<ShipmentOfferDto>() }),
  /** The customer accepted an offer: the shipment as matched, and the accepted offer. */
  'smallShipment.matched': z.object({
    shipment: snapshot<SmallShipmentDto>(),
    offer: snapshot<ShipmentOfferDto>(),
  }),
  'smallShipment.cancelled': z.object({ shipment: snapshot<SmallShipmentDto>() }),
  /** The matched driver reported a step; `shipment` as the report moved it. */
  'smallShipment.reported': z.object({
    report: snapshot<ShipmentReportDto>(),
    shipment: snapshot<SmallShipmentDto>(),
  }),
  'smallShipment.messagePosted': z.object({ message: snapshot<ShipmentMessageDto>() }),
  'smallShipment.photoAdded': z.object({ photo: snapshot<ShipmentPhotoDto>() }),
  // Posted trucks (issue 29, item 6)
  'truckPost.posted': z.object({ post: snapshot<TruckPostDto>() }),
  'truckPost.edited': z.object({ post: snapshot<TruckPostDto>(), changed: z.array(z.string()) }),
  'truckPost.withdrawn': z.object({ post: snapshot<TruckPostDto>() }),
  /** Past the end of its last available day (the sweep, or the first read that finds it past). */
  'truckPost.expired': z.object({ post: snapshot<TruckPostDto>() }),
  /**
   * The poster of an open load offered it to a posted truck's carrier: an offer that waits on the carrier, as a
   * counter does (the carrier accepts, which books the load, or declines).
   */
  'truckPost.loadOffered': z.object({ offer: snapshot<NegotiationDto>(), truckPostId: z.string() }),
  // Ratings (issue 40, item 5): `rating` as it stands after the fact; a change carries the values it replaced.
  'rating.given': z.object({ rating: snapshot<RatingDto>() }),
  'rating.changed': z.object({ rating: snapshot<RatingDto>(), previous: snapshot<RatingValues>() }),
  // Getting paid (issue 40): each fact carries the invoice as it stands after the move, and both sides' people.
  'invoice.submitted': z.object({ ...invoiceSnapshot }),
  /** A corrected invoice replaced an open one (now `replaced`, at this version). */
  'invoice.corrected': z.object({
    ...invoiceSnapshot,
    replaced: z.object({ id: z.string(), version: z.number() }),
  }),
  'invoice.approved': z.object({ ...invoiceSnapshot }),
  'invoice.disputed': z.object({ ...invoiceSnapshot }),
  'invoice.scheduled': z.object({ ...invoiceSnapshot }),
  'invoice.paid': z.object({ ...invoiceSnapshot }),
  /** The carrier asked the payer's quick pay (the invoice's `quickPay` holds the fee, the net and the due-by day). */
  'invoice.quickPayRequested': z.object({ ...invoiceSnapshot }),
  /**
   * The day the payer promised to pay a quick pay by passed unpaid (the deadline job, or a late payment if the job
   * did not run first: one key, so the log keeps it once). It counts on the payer's record.
   */
  'invoice.quickPayMissed': z.object({ ...invoiceSnapshot }),
  /** Its due date passed unpaid (the reminder job, once per invoice version): the payer is reminded. */
  'invoice.overdue': z.object({ ...invoiceSnapshot }),
  // Public API (issue 30)
  /** A webhook endpoint failed for a day and was disabled; its creator is told. */
  'webhook.disabled': z.object({
    endpoint: z.object({ id: z.string(), url: z.string(), companyId: z.string(), createdBy: z.string() }),
    failingSince: z.string(),
  }),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];
export type DomainEventData<N extends DomainEventName> = z.output<(typeof DOMAIN_EVENTS)[N]>;

/** Who made a fact happen: a signed-in person, or the system (a worker, a repair, an expiry). */
export interface FactActor {
  userId: string | null;
  /** As shown in a history ("Approved by Dana Ruiz, Acme Freight"). */
  name: string | null;
  /** The company the person acted for (issue 28), as it was when the fact happened; null: none or the system. */
  companyId?: string | null;
}

/** One recorded fact, as projectors and the load's history read it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  /** Derived from the fact (`<name>:<key>`): recording the same fact twice keeps one. */
  id: string;
  /** Its place in the log: projectors handle facts in this order. */
  seq: number;
  name: N;
  /** ISO time. */
  at: string;
  actor: FactActor;
  /** The load the fact is about, if any (a load's history reads by it). */
  loadId: string | null;
  /** The ids of everything else the fact is about (`requestId`, `userId`, `documentId`, `shipmentId`, …). */
  subjects: Record<string, string>;
  data: DomainEventData<N>;
}

/** Any recorded fact, narrowed by its name. */
export type AnyDomainEvent = { [N in DomainEventName]: DomainEvent<N> }[DomainEventName];

/** Every fact of an invoice (issue 40): each carries the invoice as it stands after it, and both sides' people. */
export const INVOICE_FACTS = [
  'invoice.submitted',
  'invoice.corrected',
  'invoice.approved',
  'invoice.disputed',
  'invoice.scheduled',
  'invoice.paid',
  'invoice.quickPayRequested',
  'invoice.quickPayMissed',
  'invoice.overdue',
] as const satisfies readonly DomainEventName[];
export type InvoiceFactName = (typeof INVOICE_FACTS)[number];
export const isInvoiceFact = (e: AnyDomainEvent): e is Extract<AnyDomainEvent, { name: InvoiceFactName }> =>
  (INVOICE_FACTS as readonly string[]).includes(e.name);

/** The facts of the clock at a load's stops (issue 41, slice 2). */
export const STOP_VISIT_FACTS = [
  'stop.arrived',
  'stop.departed',
  'stop.freeTimeEnding',
] as const satisfies readonly DomainEventName[];

/** How often the log keeps a load's position (every ping is still pushed live and kept in the track). */
export const POSITION_FACT_EVERY_MS = 15 * 60 * 1000;
