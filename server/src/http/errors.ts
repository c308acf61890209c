import type { ErrorCode } from '@freight/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { outageOf, SERVICE_UNAVAILABLE_MESSAGE } from '../infra/availability';
import { refundLimits } from './limitRefunds';

const STATUS_CODES: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_UNVERIFIED: 403,
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCATION_NOT_UPDATABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** An error a service throws on purpose; the handler turns it into DESIGN §6's JSON shape. */
export class AppError extends Error {
  readonly status: number;
  /** Sent as Retry-After (429 and 503). */
  retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
    this.status = STATUS_CODES[code];
  }
}

/** 429: the caller did this too often; it may try again after `retryAfterSeconds`. */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const err = new AppError('TOO_MANY_REQUESTS', message);
  err.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return err;
}

/** 503: MongoDB or Redis does not answer (infra/availability.ts); the request may be retried shortly. */
export function serviceUnavailable(): AppError {
  const err = new AppError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
  err.retryAfterSeconds = 5;
  return err;
}

/**
 * PostgreSQL refusing text it cannot store (22P05 untranslatable character, 22021 bad UTF-8), as FerretDB relays it.
 * The edge refuses such text first (http/textGuard.ts); this is the second guard, for text that reached a query
 * some other way: a 400, not a 500.
 */
const UNSTORABLE_TEXT_SQLSTATE = /SQLSTATE (22P05|22021)/;
export function unstorableTextRefused(err: unknown): AppError | null {
  if (!(err instanceof Error) || !UNSTORABLE_TEXT_SQLSTATE.test(err.message)) return null;
  return badRequest(
    'The request contains a character that cannot be stored (a NUL or an unpaired surrogate)',
  );
}

/** An AppError as it is, a validation error as 400, a service outage as 503; anything else null. */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZodError(err);
  if (outageOf(err)) return serviceUnavailable();
  return unstorableTextRefused(err);
}

export const badRequest = (message: string, details?: unknown[]) =>
  new AppError('VALIDATION_ERROR', message, details);
export const unauthorized = (message = 'Unauthorized') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export function fromZodError(err: ZodError): AppError {
  const first = err.issues[0];
  const field = first?.path.join('.');
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid request';
  return badRequest(
    message,
    err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

export const notFoundApi: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route ${req.method} ${req.path}`));
};

/** multer's limit errors (MulterError `code`), as the user should read them. */
const MULTER_MESSAGES: Record<string, string> = {
  LIMIT_FILE_COUNT: 'Send exactly one file in the expected field',
  LIMIT_UNEXPECTED_FILE: 'Send exactly one file in the expected field',
  LIMIT_PART_COUNT: 'The form has too many parts',
  LIMIT_FIELD_COUNT: 'The form has too many fields',
  LIMIT_FIELD_KEY: 'A form field name is too long',
  LIMIT_FIELD_VALUE: 'A form field value is too long',
  MISSING_FIELD_NAME: 'A form field has no name',
  LIMIT_FIELD_NESTING: 'A form field name is nested too deep',
  LIMIT_FIELD_ARRAY_INDEX: 'A form field name has an array index that is too large',
  INVALID_FIELD_NAME: 'A form field name is not valid',
};

/** What busboy (under multer) throws for a body that is not a well-formed multipart form. */
const MALFORMED_FORM = new Set([
  'Unexpected end of form',
  'Unexpected end of file',
  'Malformed part header',
  'Malformed urlencoded form',
  'Malformed content type',
  'Multipart: Boundary not found',
  'Missing Content-Type',
]);

/** body-parser / raw-body / router errors (http-errors) by their `type`, where the library's text is too terse. */
const HTTP_ERROR_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Request body is not valid JSON',
  'entity.too.large': 'Request body is too large',
  'charset.unsupported': 'Unsupported charset: send the body as UTF-8',
  'encoding.unsupported':
    'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br',
  'request.aborted': 'The request was aborted before its body was complete',
  'request.size.invalid': 'The request body does not match its Content-Length',
  'parameters.too.many': 'The request has too many parameters',
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function clientErrorStatus(err: { status?: unknown; statusCode?: unknown }): number | null {
  const status = Number(err.status ?? err.statusCode);
  return Number.isInteger(status) && status >= 400 && status < 500 ? status : null;
}

/**
 * The answer for an error a library raised on malformed input, or null when it is not one. Errors from
 * body-parser, raw-body and the router (a `%ZZ` in a path parameter) are http-errors carrying a 4xx `status`;
 * multer's carry a `code`; busboy's are plain errors named by their text.
 */
function fromInputError(err: unknown): { status: number; code: ErrorCode; message: string } | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { name?: string; code?: string; type?: string; message?: string; expose?: boolean };
  // By name, or by a multer limit code (an upload path that raises the same codes without multer's class).
  if (
    e.name === 'MulterError' ||
    (typeof e.code === 'string' && /^(LIMIT_[A-Z_]+|MISSING_FIELD_NAME)$/.test(e.code))
  ) {
    if (e.code === 'LIMIT_FILE_SIZE')
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is too large (10 MB at most)' };
    return {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: MULTER_MESSAGES[e.code ?? ''] ?? 'The form could not be read',
    };
  }
  if (typeof e.message === 'string' && MALFORMED_FORM.has(e.message)) {
    return { status: 400, code: 'VALIDATION_ERROR', message: 'The form data is malformed or incomplete' };
  }
  const status = clientErrorStatus(err as { status?: unknown; statusCode?: unknown });
  if (status === null) return null;
  if (err instanceof URIError) {
    return { status, code: 'VALIDATION_ERROR', message: 'The URL has a malformed %-encoded part' };
  }
  const known = e.type ? HTTP_ERROR_MESSAGES[e.type] : undefined;
  const message = known ?? (e.expose && e.message ? e.message : 'The request could not be understood');
  return { status, code: CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', message };
}

/** What an error answers: status, code, message (DESIGN §6), logging the unexpected ones. */
export function errorAnswer(
  err: unknown,
  log: (msg: string, err: unknown) => void,
): { status: number; code: ErrorCode; message: string; details?: unknown[]; retryAfterSeconds?: number } {
  const inputError = err instanceof AppError || err instanceof ZodError ? null : fromInputError(err);
  if (err instanceof AppError)
    return {
      status: err.status,
      code: err.code,
      message: err.message,
      details: err.details,
      retryAfterSeconds: err.retryAfterSeconds,
    };
  if (err instanceof ZodError) return errorAnswer(fromZodError(err), log);
  if (inputError) return inputError;
  if ((err as { name?: string } | null)?.name === 'CastError') return errorAnswer(notFound(), log);
  if (outageOf(err)) return errorAnswer(serviceUnavailable(), log);
  const unstorable = unstorableTextRefused(err);
  if (unstorable) return errorAnswer(unstorable, log);
  log('Unhandled error', err);
  return { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' };
}

/**
 * The error step of an Express app: the answer of errorAnswer, written by `shape` (the web's API writes DESIGN §6's
 * flat shape; the public API wraps it in `{ error }`).
 */
export function errorHandler(
  log: (msg: string, err: unknown) => void,
  shape: (body: { code: ErrorCode; message: string; details?: unknown[] }) => unknown = (b) => b,
): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    // The browser went away while a file was on its way (a navigation cancelled, a service worker's fetch dropped):
    // there is no one to answer, and nothing went wrong here.
    if ((err as { code?: unknown } | null)?.code === 'ECONNABORTED') return;
    const appError = errorAnswer(err, log);
    if (res.headersSent) return;
    // A request refused for its input, or by one limit, did nothing: the points it took are given back.
    if (appError.status === 400 || appError.status === 429) refundLimits(res);
    if (appError.retryAfterSeconds) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json(
      shape({
        message: appError.message,
        code: appError.code,
        ...(appError.details ? { details: appError.details } : {}),
      }),
    );
  };
}
