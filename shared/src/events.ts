import type { BackgroundCheckEvents } from './backgroundChecks';
import type { CompanyEvents } from './team';
import type { DocumentEvents } from './documents';
import type { FleetClientEvents, FleetEvents } from './fleet';
import type { FreightClientEvents, FreightEvents } from './freight';
import type { InvoiceEvents } from './invoices';
import type { LoadDocumentEvents } from './loadDocuments';
import type { LoadHistoryEvents } from './loadHistory';
import type { NotificationEvents } from './notifications';
import type { ShipmentWorkspaceClientEvents, ShipmentWorkspaceEvents } from './shipmentWorkspace';
import type { SmallShipmentEvents } from './smallShipments';
import type { SubscriptionEvents } from './subscriptions';
import type { TrackingClientEvents, TrackingEvents } from './tracking';
import type { StopClockEvents } from './stopClock';
import type { RatingEvents } from './ratings';
import type { TruckPostEvents } from './truckPosts';
import type { TripEvents } from './trips';

/**
 * Every server → client event, by name, with its payload. Each feature declares its own slice in its
 * shared module; this is the one map the gateway, the emitter and the web socket module are typed by.
 */
export interface ServerToClientEvents
  extends
    NotificationEvents,
    DocumentEvents,
    FreightEvents,
    TrackingEvents,
    StopClockEvents,
    LoadDocumentEvents,
    SubscriptionEvents,
    SmallShipmentEvents,
    BackgroundCheckEvents,
    ShipmentWorkspaceEvents,
    LoadHistoryEvents,
    CompanyEvents,
    TruckPostEvents,
    TripEvents,
    FleetEvents,
    RatingEvents,
    InvoiceEvents {}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Client → server events; each takes a zod-checked payload and an ack (DESIGN §1). */
export interface ClientToServerEvents
  extends FreightClientEvents, TrackingClientEvents, ShipmentWorkspaceClientEvents, FleetClientEvents {}

/** Room names (DESIGN §1). */
export const rooms = {
  user: (id: string) => `user:${id}`,
  /** Every member of a company (issue 28): one member's action reaches the others' screens. */
  company: (id: string) => `company:${id}`,
  role: (userType: string) => `role:${userType}`,
  freight: (id: string) => `freight:${id}`,
  /** A matched small shipment's workspace (issue 23). */
  shipment: (id: string) => `shipment:${id}`,
  /** Every socket of one sign-in session (server side only: logout and expiry end them). */
  session: (sessionId: string) => `session:${sessionId}`,
  /** A carrier company's fleet map and lists (issue 29): its dispatchers join it with fleet:join. */
  fleet: (companyId: string) => `fleet:${companyId}`,
  loadboard: 'loadboard',
} as const;
