import type { ErrorCode } from '@freight/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { outageOf, SERVICE_UNAVAILABLE_MESSAGE } from '../infra/availability';

const STATUS_CODES: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
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

/** An AppError as it is, a validation error as 400, a service outage as 503; anything else null. */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZodError(err);
  if (outageOf(err)) return serviceUnavailable();
  return null;
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

export function errorHandler(log: (msg: string, err: unknown) => void): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    let appError: AppError;
    if (err instanceof AppError) appError = err;
    else if (err instanceof ZodError) appError = fromZodError(err);
    else if (err?.type === 'entity.parse.failed') appError = badRequest('Request body is not valid JSON');
    else if (err?.type === 'entity.too.large')
      appError = new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    else if (err?.code === 'LIMIT_FILE_SIZE')
      appError = new AppError('PAYLOAD_TOO_LARGE', 'File is too large (10 MB at most)');
    else if (err?.code === 'LIMIT_FILE_COUNT' || err?.code === 'LIMIT_UNEXPECTED_FILE')
      appError = badRequest('Send exactly one file in the expected field');
    else if (err?.name === 'CastError') appError = notFound();
    else if (outageOf(err)) appError = serviceUnavailable();
    else {
      log('Unhandled error', err);
      appError = new AppError('INTERNAL_ERROR', 'Something went wrong. Please try again.');
    }
    if (res.headersSent) return;
    if (appError.retryAfterSeconds) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(appError.status).json({
      message: appError.message,
      code: appError.code,
      ...(appError.details ? { details: appError.details } : {}),
    });
  };
}
