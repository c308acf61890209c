import {
  DRIVER_DOCUMENT_TYPES,
  isCarrierOnLoad,
  type DocumentDto,
  type FreightListingDto,
  type NegotiationDto,
  type ServerToClientEvents,
  type ShipmentOfferDto,
  placeName,
} from '@freight/shared';
import { patchEntitiesWhere, patchEntity, upsertEntity } from '../lib/entities';
import { refetchAllStores } from '../lib/resourceStore';
import { setServerEventRoutes } from '../lib/serverEvents';
import { onReconnect, onSocketEvent, useSocketStore } from '../lib/socket';
import { useAdminStore } from './admin';
import { useAdminBackgroundChecksStore } from './adminBackgroundChecks';
import { useBackgroundCheckStore } from './backgroundCheck';
import { useAirFreightStore } from './airFreight';
import { useBookingRequestsStore, useMyBookingRequestsStore } from './bookingRequests';
import { useBrokerStore } from './broker';
import { useCarriedShipmentsStore } from './carriedShipments';
import { useChatUnreadStore } from './chatUnread';
import { useDocumentsStore } from './documents';
import { useDriverRoutesStore } from './driverRoutes';
import { useFreightStore } from './freight';
import { useLoadChatStore } from './loadChat';
import { useLoadDocumentsStore } from './loadDocuments';
import { useLoadPhotosStore } from './loadPhotos';
import { useLoadPositionStore } from './loadPosition';
import { useLoadStopsStore } from './loadStops';
import { useLoadStopClockStore } from './loadStopClock';
import { useMyDriverProfileStore } from './myDriverProfile';
import { useLoadHistoryStore } from './loadHistory';
import { useNotificationsStore } from './notifications';
import { useOffersStore } from './offers';
import { usePosterLoadStore } from './posterLoad';
import { useCompanyProfileStore, useLoadRatingsStore } from './ratings';
import { useReceivedOffersStore } from './receivedOffers';
import { useRouteMatchesStore } from './routeMatches';
import { useSessionStore } from './session';
import { useShipmentWorkspaceStore } from './shipmentWorkspace';
import { useShipperInvitationsStore } from './shipperInvitations';
import { useSmallShipmentsStore } from './smallShipments';
import { joinRooms } from './socketRooms';
import { useSubscriptionsStore } from './subscriptions';
import { useTeamStore } from './team';
import { useTrucksStore } from './fleet';
import { refreshTrackedLoad } from './trackedLoad';
import { useTrackedLoadsStore } from './trackedLoads';
import { useMyTruckPostsStore, useTruckBoardStore } from './truckPosts';
import { useVerificationStore } from './verification';
import { useMyRequestsStore } from './workspace';

/** Each server event and what it changes in the stores that own that data. */
export type SocketRoutes = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

/** The signed-in user (the board keeps their own loads in later states; offers reach their own lists). */
const signedInUserId = () => useSessionStore.getState().user?.id;

/** A shipment offer reaches the shipper's list of shipments, or the driver's route matches. */
function receiveShipmentOffer(offer: ShipmentOfferDto): void {
  const me = signedInUserId();
  if (offer.shipperId === me) useSmallShipmentsStore.getState().receiveOffer(offer);
  if (offer.driverId === me) useRouteMatchesStore.getState().receiveOffer(offer);
  // My offer accepted: the shipment joins my shipments to carry (My Routes).
  if (offer.driverId === me && offer.status === 'accepted')
    void useCarriedShipmentsStore.getState().refetch();
}

/** The Broker Hub reads its stats, loads and negotiations again after any change to them. */
const refetchBrokerHub = () => void useBrokerStore.getState().refetch();

/**
 * An offer: its one copy changes everywhere it shows (the carrier's offers, the poster's card and page, the hub);
 * a new one joins the lists it belongs to.
 */
function upsertOffer(negotiation: NegotiationDto): void {
  const kept = upsertEntity('negotiation', negotiation);
  const offers = useOffersStore.getState();
  offers.remove(negotiation.id); // the offer that moved comes first
  offers.upsert(negotiation);
  if (negotiation.brokerId === signedInUserId()) {
    useReceivedOffersStore.getState().upsert(negotiation);
    usePosterLoadStore.getState().receiveOffer(negotiation);
  }
  refetchBrokerHub();
  if (!kept.viewerActions) {
    void useOffersStore.getState().refetch();
    void useReceivedOffersStore.getState().refetch();
    rereadPosterLoad(negotiation.freightListingId);
  }
}

/**
 * A pushed offer or request carries no viewer's actions (it goes to both parties): when it is new or moved, the
 * screens that act on it read it again for the viewer's actions (each only if a screen loaded it).
 */
function rereadPosterLoad(loadId: string): void {
  if (usePosterLoadStore.getState().byId[loadId]?.data) void usePosterLoadStore.getState().load(loadId);
}

/**
 * A load posted or changed: its one copy changes everywhere it shows (My Loads, the poster's page, the hub); the
 * board and the air marketplace place it under their filters; the requests made for it show its new title and rate.
 */
function upsertLoad(listing: FreightListingDto, posted = false): void {
  upsertEntity('load', listing);
  useFreightStore.getState().receive(listing, { posted, viewerId: signedInUserId() });
  useAirFreightStore.getState().receive(listing, posted ? 'posted' : 'updated');
  patchEntitiesWhere('bookingRequest', (r) => r.freightListingId === listing.id, {
    freightTitle: listing.title,
    freightRate: listing.rate,
    freightOrigin: `${placeName(listing.originCity, listing.originState)}`,
    freightDestination: `${placeName(listing.destinationCity, listing.destinationState)}`,
  });
}

/** A document decided or expired: the documents list, and a driver's own compliance when it is their CDL or card. */
function receiveDocument(document: DocumentDto): void {
  useDocumentsStore.getState().receive(document);
  if ((DRIVER_DOCUMENT_TYPES as readonly string[]).includes(document.documentType))
    void useMyDriverProfileStore.getState().refetch();
}

/** Each server event and what it upserts or removes; lists add an entity new to them. */
export const socketRoutes: SocketRoutes = {
  'negotiation:created': ({ negotiation }) => upsertOffer(negotiation),
  'negotiation:updated': ({ negotiation, listing }) => {
    if (listing) upsertLoad(listing);
    upsertOffer(negotiation);
  },
  'booking:requested': ({ request }) => {
    const kept = upsertEntity('bookingRequest', request);
    useBookingRequestsStore.getState().upsert(request);
    usePosterLoadStore.getState().receiveRequest(request);
    if (!kept.viewerActions) {
      void useBookingRequestsStore.getState().refetch();
      rereadPosterLoad(request.freightListingId);
    }
  },
  // A reviewed request leaves the pending lists; My Loads shows the outcome, with the reason of a closed one.
  'booking:reviewed': ({ request, listing }) => {
    if (listing) upsertLoad(listing);
    const kept = upsertEntity('bookingRequest', request);
    useBookingRequestsStore.getState().remove(request.id);
    useMyBookingRequestsStore.getState().remove(request.id);
    usePosterLoadStore.getState().receiveRequest(request);
    useMyRequestsStore.getState().upsert(request);
    // A newly booked load joins the carrier's loads (My Loads' Booked) for every member of the carrier's company.
    if (request.status === 'approved') void useTrackedLoadsStore.getState().refetch();
    refetchBrokerHub();
    if (!kept.viewerActions) rereadPosterLoad(request.freightListingId);
  },
  'notification:new': (payload) => {
    useNotificationsStore.getState().receive(payload);
    // Invitations have no event of their own: the invited shipper is notified, and so is the broker once accepted.
    void useShipperInvitationsStore.getState().refetch();
    if (payload.notification.link === '/broker') refetchBrokerHub();
  },

  // admin
  'admin:queue-changed': (payload) => useAdminStore.getState().receiveQueueChange(payload),
  'admin:background-checks-changed': (payload) =>
    useAdminBackgroundChecksStore.getState().receiveQueueChange(payload),

  // background checks: the driver sees the admin's decision without a reload
  'backgroundCheck:reviewed': ({ check }) => useBackgroundCheckStore.getState().receive(check),

  // documents
  'document:reviewed': ({ document }) => receiveDocument(document),
  'document:expired': ({ document }) => receiveDocument(document),
  'verification:changed': ({ userId: _userId, ...verification }) =>
    useVerificationStore.getState().receive(verification),

  // smallShipments, driverRoutes (route matches)
  'smallShipment:posted': ({ shipment }) => {
    if (shipment.shipperId === signedInUserId()) return;
    useRouteMatchesStore.getState().receivePosted(shipment, useDriverRoutesStore.getState().items);
  },
  'smallShipment:updated': ({ shipment }) => {
    useSmallShipmentsStore.getState().receiveShipment(shipment);
    useRouteMatchesStore.getState().receiveUpdated(shipment);
    useCarriedShipmentsStore.getState().receiveShipment(shipment);
    useShipmentWorkspaceStore.getState().receiveShipment(shipment);
  },
  // A matched shipment's workspace (issue 23): its room.
  'shipment:message': (payload) => useShipmentWorkspaceStore.getState().receiveMessage(payload),
  'shipment:photo': (payload) => useShipmentWorkspaceStore.getState().receivePhoto(payload),
  'shipment:report': (payload) => useShipmentWorkspaceStore.getState().receiveReport(payload),
  'shipmentOffer:created': ({ offer }) => receiveShipmentOffer(offer),
  'shipmentOffer:updated': ({ offer }) => receiveShipmentOffer(offer),

  // subscriptions: the signed-in user's plan fields change, so gates lock or unlock without a reload
  // A change in the member's company (issue 28): the Team page reads it again; the header's role with the user.
  'company:updated': () => {
    void useTeamStore.getState().refetch();
    void useSessionStore.getState().refetch();
  },
  'subscription:changed': (p) => {
    if (p.userId === signedInUserId()) {
      const { subscriptionStatus, subscriptionPlan, subscriptionExpiresAt, subscriptionCanceledAt } = p;
      useSessionStore
        .getState()
        .patchUser({ subscriptionStatus, subscriptionPlan, subscriptionExpiresAt, subscriptionCanceledAt });
    }
    void useSubscriptionsStore.getState().refetchUsage();
  },

  // Ratings (issue 40): the rated and the rating companies' open profiles show the new summary at once; a load page
  // showing the load's ratings reads them again (the push carries no viewer actions).
  'rating:changed': ({ rating, summary }) => {
    useCompanyProfileStore.getState().receiveSummary(summary);
    const ratings = useLoadRatingsStore.getState();
    if (ratings.byId[rating.loadId]) void ratings.load(rating.loadId);
  },

  // Posted trucks (issue 29): the Trucks board reads its page again for a new or changed post (the server decides
  // what its search shows); a withdrawn or expired one leaves it at once. My Truck Posts follows its company's.
  'truckPost:posted': ({ post }) => {
    upsertEntity('truckPost', post);
    void useTruckBoardStore.getState().refetch();
    if (useSessionStore.getState().user?.userType === 'carrier')
      void useMyTruckPostsStore.getState().refetch();
  },
  'truckPost:updated': ({ post }) => {
    upsertEntity('truckPost', post);
    void useTruckBoardStore.getState().refetch();
  },
  'truckPost:removed': ({ id, status }) => {
    patchEntity('truckPost', id, { status, viewerActions: {} });
    useTruckBoardStore.getState().remove(id);
  },

  // Load board (freight) and the air marketplace (airFreight): the loadboard room pushes what matches the filters
  // this client sent; a removed load leaves them (the poster's pages keep it).
  'freight:posted': ({ listing }) => {
    upsertLoad(listing, true);
    // A load a broker posted may be our company's (issue 28): an open Broker Hub reads its list again so a
    // teammate's posting shows live (the board's push carries no company; the refetch is a no-op when not open).
    if (listing.brokerId && listing.brokerId !== signedInUserId()) refetchBrokerHub();
  },
  'freight:updated': ({ listing }) => {
    upsertLoad(listing);
    // A load booked to another member of our company (issue 28) comes through the company's room: an open My Loads
    // reads its list again so the load joins Booked (the request's approval may have been read before the move).
    const tracked = useTrackedLoadsStore.getState();
    if (listing.carrierId && isCarrierOnLoad(listing.status) && !tracked.ids.includes(listing.id))
      void tracked.refetch();
  },
  'freight:removed': ({ id }) => {
    useFreightStore.getState().remove(id);
    useAirFreightStore.getState().receiveRemoved(id);
  },

  // Tracking: the open load's room, and the user's own unread counts.
  'freight:location': (payload) => {
    useLoadPositionStore.getState().receive(payload);
    const { freightId, lat, lng, lastLocationUpdate } = payload;
    patchEntity('trackedLoad', freightId, { currentLat: lat, currentLng: lng, lastLocationUpdate });
  },
  'freight:status': ({ freightId, status }) => {
    patchEntity('trackedLoad', freightId, { status });
    void refreshTrackedLoad(freightId);
  },
  'freight:photo': ({ freightId, photo }) => useLoadPhotosStore.getState().add(freightId, photo),
  'freight:stop': ({ freightId, stop }) => useLoadStopsStore.getState().receive(freightId, stop),
  'freight:stopVisit': ({ freightId, visit }) => useLoadStopClockStore.getState().receive(freightId, visit),
  // A stop's dock pinned (issue 39): the load is read again, its stops' points with it.
  'freight:dockPinned': ({ freightId }) => void refreshTrackedLoad(freightId),
  'load:history': ({ freightId, entry }) => useLoadHistoryStore.getState().receive(freightId, entry),
  'freight:document': ({ freightId, document }) =>
    useLoadDocumentsStore.getState().receive(freightId, document),
  'chat:message': (payload) => {
    const chat = useLoadChatStore.getState();
    if (chat.receive(payload)) void chat.catchUp(payload.freightId);
  },
  // Fleet (issue 29): the company's trucks and their positions; a load's truck and driver on every screen showing it.
  'fleet:truck': ({ truck }) => useTrucksStore.getState().receive(truck),
  'fleet:truckRemoved': ({ truckId }) => useTrucksStore.getState().remove(truckId),
  'fleet:position': ({ truckId, position }) => useTrucksStore.getState().receivePosition(truckId, position),
  'freight:assigned': ({ freightId, assignment }) => {
    patchEntity('trackedLoad', freightId, { assignment });
    patchEntity('load', freightId, { assignment });
  },
  'chat:unread': ({ freightId, unreadCount }) => {
    useChatUnreadStore.getState().setCount(freightId, unreadCount);
    patchEntity('trackedLoad', freightId, { unreadCount });
  },
  // My Trips loads with its page (a driver's only screen): its store is not part of everyone's first paint.
  // Invoices (issue 40): the store loads with its page, so it is fetched only when a change arrives.
  'invoice:changed': (change) => void import('./invoices').then((m) => m.receiveInvoiceChange(change)),
  'trip:upsert': ({ trip }) => void import('./trips').then((m) => m.useTripsStore.getState().upsert(trip)),
  'trip:removed': ({ tripId }) =>
    void import('./trips').then((m) => m.useTripsStore.getState().remove(tripId)),
};

setServerEventRoutes(socketRoutes);

/** What may have changed while the socket was down: every store a screen loaded loads again. */
export const refetchAfterReconnect = refetchAllStores;

/**
 * The session user's isVerified follows every verification status read or pushed; the user is read again for the
 * actions the server allows it now (a verified shipper posts freight).
 */
function followVerification(): () => void {
  return useVerificationStore.subscribe(({ verification }) => {
    const session = useSessionStore.getState();
    if (verification && session.user && session.user.isVerified !== verification.isVerified) {
      session.patchUser({ isVerified: verification.isVerified });
      void session.refetch();
    }
  });
}

/**
 * Subscribes every route once, at start-up: rooms are joined again on every connect (the first one too: a screen
 * may open before the socket is up), what was missed is refetched after a reconnect, and the session follows the
 * verification status. Returns the unsubscribe.
 */
export function installSocketRoutes(): () => void {
  const unsubscribes = Object.entries(socketRoutes).map(([event, handler]) =>
    onSocketEvent(event as keyof ServerToClientEvents, handler as never),
  );
  unsubscribes.push(
    useSocketStore.subscribe((state, previous) => {
      if (state.connected && !previous.connected) joinRooms();
    }),
    onReconnect(() => void refetchAfterReconnect()),
    followVerification(),
  );
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
