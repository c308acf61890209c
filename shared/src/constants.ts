/** SPEC §9 business constants, shared by the screens and the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_SEARCH_RADIUS = 50;
export const OFFER_VALIDITY_HOURS = [6, 12, 24, 48, 72] as const;
export const DEFAULT_OFFER_VALIDITY_HOURS = 24;
export const SESSION_LOSS_REDIRECT_MS = 500;
export const TEST_LOGIN_REDIRECT_MS = 1500;
export const CHAT_POLL_MS = 5_000;
export const LOCATION_POLL_MS = 30_000;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;
export const TEST_ACCOUNT_PASSWORD = 'Test1234!';
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Login throttle: this many failures per email and IP within the window give 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
