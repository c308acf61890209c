/** SPEC §9 business constants, shared by the screens and the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_SEARCH_RADIUS = 50;
export const OFFER_VALIDITY_HOURS = [6, 12, 24, 48, 72] as const;
export const DEFAULT_OFFER_VALIDITY_HOURS = 24;
export const SESSION_LOSS_REDIRECT_MS = 500;
/** How long a session lasts without a request (it rolls with each one). */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** However often it is used, a session ends this long after its sign-in (issue 25): then sign in again. */
export const SESSION_ABSOLUTE_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** The readable cookie that says the browser has a session (server/src/http/signedInMarker.ts). */
export const SIGNED_IN_COOKIE = 'fm.signed_in';
/** The readable cookie with the browser's IANA time zone: pages drawn on the server show dates in it (issue 24). */
export const TIME_ZONE_COOKIE = 'fm.tz';
/** Marks a page drawn on the server for the signed-in visitor (issue 24): theirs alone, never the offline shell. */
export const SERVER_RENDERED_HEADER = 'X-Server-Rendered';
export const TEST_LOGIN_REDIRECT_MS = 1500;
export const CHAT_POLL_MS = 5_000;
export const LOCATION_POLL_MS = 30_000;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/**
 * Automatic location sharing (issue 16): a position is sent when this long has passed since the last one sent, or
 * the truck has moved this far, whichever comes first, and never faster than the location rate limit allows.
 */
export const LOCATION_SHARE_INTERVAL_MS = 30_000;
export const LOCATION_SHARE_DISTANCE_METERS = 500;
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;
export const TEST_ACCOUNT_PASSWORD = 'Test1234!';
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** At most this many stops between a load's first pickup and its last delivery (issue 39). */
export const MAX_EXTRA_STOPS = 6;
/**
 * Sign-in throttle (growing delays, never a lockout): failures are counted per email and IP and per IP within the
 * window; past the free failures each further one makes that key wait 1 s, 2 s, 4 s… up to the cap (429 with
 * Retry-After). A success clears the email+IP count.
 */
export const LOGIN_FAILURE_WINDOW_SECONDS = 60 * 60;
export const LOGIN_FREE_FAILURES_PER_ACCOUNT_IP = 5;
export const LOGIN_FREE_FAILURES_PER_IP = 50;
export const LOGIN_MAX_DELAY_SECONDS = 60;

/**
 * Per-user rate limits (issue 12): at most `points` actions in `seconds`, counted in Redis across every process.
 * Over the limit: 429 with Retry-After over HTTP, a TOO_MANY_REQUESTS ack over the socket.
 */
export const RATE_LIMITS = {
  chat: { points: 30, seconds: 60, what: 'chat messages' },
  location: { points: 30, seconds: 60, what: 'location updates' },
  // Positions a phone kept while it had no signal, sent in a burst when it returns (issue 29).
  locationBacklog: { points: 240, seconds: 60, what: 'late location updates' },
  upload: { points: 20, seconds: 10 * 60, what: 'uploads' },
  // Account emails (password reset, verification) asked for one address, and from one IP address (issue 27).
  accountMailAddress: { points: 3, seconds: 60 * 60, what: 'emails for this address' },
  accountMailIp: { points: 20, seconds: 60 * 60, what: 'account emails from your network' },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Limits on writes per account (issue 25), applied by the route table in `server/src/http/writeLimits.ts`; a company
 * is one account until teams exist. Chosen from how a busy professional works, with room to spare: a broker who
 * posts a load every minute of an hour, a dispatcher requesting loads for a dozen trucks, a back-and-forth of
 * offers on several loads at once. A flood from one account (1,113 loads in 20 s, seen in issue 25) stops within
 * the first minute. `writes` holds every other write and the listed ones too.
 */
export const WRITE_LIMITS = {
  writes: { points: 300, seconds: 60, what: 'changes' },
  loads: { points: 60, seconds: 60 * 60, what: 'loads posted' },
  loadEdits: { points: 120, seconds: 60 * 60, what: 'load edits and cancellations' },
  bookingRequests: { points: 30, seconds: 60 * 60, what: 'booking requests' },
  bookingReviews: { points: 120, seconds: 60 * 60, what: 'booking request decisions' },
  offers: { points: 60, seconds: 60 * 60, what: 'offers, counters and answers' },
  invitations: { points: 20, seconds: 60 * 60, what: 'shipper invitations' },
  teamInvitations: { points: 30, seconds: 60 * 60, what: 'team invitations' },
  smallShipments: { points: 20, seconds: 60 * 60, what: 'small shipments posted' },
  shipmentOffers: { points: 60, seconds: 60 * 60, what: 'small-shipment offers and acceptances' },
  driverRoutes: { points: 20, seconds: 60 * 60, what: 'route changes' },
  tripUpdates: { points: 60, seconds: 60 * 60, what: 'trip status updates' },
  accountChanges: { points: 10, seconds: 60 * 60, what: 'account changes' },
} as const;
export type WriteLimitName = keyof typeof WRITE_LIMITS;
/** How long notifications from one source to one recipient are folded into the first unread one (issue 25). */
export const NOTIFICATION_COALESCE_SECONDS = 60 * 60;
/** Open sockets (tabs, devices) one user may hold at once; one more is refused with a connect_error. */
export const MAX_SOCKETS_PER_USER = 20;
export const TOO_MANY_SOCKETS_MESSAGE = `Too many open connections: close some of your other tabs or devices (${MAX_SOCKETS_PER_USER} at most).`;
/** What one user's documents and photos may take together in the file store (413 past it). */
export const STORAGE_QUOTA_BYTES = 500 * 1024 * 1024;
