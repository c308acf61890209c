/** DESIGN §6: the one error shape every non-2xx JSON answer has. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  details?: unknown[];
}
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'EMAIL_UNVERIFIED'
  | 'TWO_FACTOR_REQUIRED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /**
   * 409: the load takes no positions in its status (only while booked or in transit, isLocationUpdatable); a
   * device sharing its position stops for that load.
   */
  | 'LOCATION_NOT_UPDATABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  /** The public API (issue 30): an Idempotency-Key reused with a different request. */
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

/**
 * One GET's answer as the server got it while drawing a signed-in page (issue 24), carried in the page for the browser
 * to take it over from: the JSON of a success, the text of a refusal.
 */
export interface ServerAnswer {
  status: number;
  data?: unknown;
  text?: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Socket acks (DESIGN §1). */
export type Ack<T = unknown> =
  { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string } };
