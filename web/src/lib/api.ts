import { SESSION_LOSS_REDIRECT_MS, type ErrorCode, type ServerAnswer } from '@freight/shared';
import { notify } from '../components/ui/toaster';
import { takeEarly } from './earlyRequests';
import { loginUrlReturningTo } from './redirects';
import { serverAnswerFor } from './serverData';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /**
   * False where a 401 is an expected answer rather than a lost session (asking whether anyone is signed in):
   * the error is thrown as usual and no session-loss redirect starts. True unless given.
   */
  expectsSession?: boolean;
}

/**
 * An unauthorised answer to a request that needed the session (SPEC §8). `apiRequest` has already toasted and
 * started the redirect to sign-in when this is thrown, so callers show no error of their own.
 */
export class SessionLostError extends Error {
  override name = 'SessionLostError';
}

/** True when `apiRequest` already handled this failure as a lost session (see `SessionLostError`). */
export function isSessionLost(err: unknown): err is SessionLostError {
  return err instanceof SessionLostError;
}

/** Logs a background request's failure for developers; a lost session is already told to the user. */
export function logFailure(what: string, err: unknown): void {
  // A page drawn on the server shows the failure itself (a load not found); the server's log is not the place.
  if (typeof window === 'undefined') return;
  if (!isSessionLost(err)) console.error(`${what} failed`, err);
}

/**
 * The one way the web talks to the API (SPEC §7): session cookies on every call, a JSON body and content type only
 * when a payload is given (FormData goes through untouched), and any non-OK answer becomes
 * `Error("<status>: <body text or status text>")`. An unauthorised answer (SPEC §8) starts the session-loss path
 * here and is thrown as a `SessionLostError` with the same message.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  { expectsSession = true }: ApiRequestOptions = {},
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  // A page rendered on the server: the answer it got there (lib/serverData.ts).
  const fromServer = method === 'GET' ? serverAnswerFor(path) : undefined;
  const answer = fromServer && (await fromServer);
  if (answer) return answerOf<T>(answer);
  // The entry may have asked already (lib/earlyRequests.ts): its answer, else a request now.
  const early = method === 'GET' ? takeEarly(path) : undefined;
  const res = await (early ?? fetch(path, init));
  if (!res.ok) {
    const bodyText = await res.text().catch(() => '');
    const error = new Error(`${res.status}: ${bodyText || res.statusText}`);
    if (expectsSession && isUnauthorizedError(error)) {
      handleUnauthorized();
      throw new SessionLostError(error.message);
    }
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const contentType = res.headers.get('content-type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

/** What `apiRequest` makes of an answer the server got while rendering the page: the same as of the network's. */
function answerOf<T>(answer: ServerAnswer): T {
  if (answer.status >= 200 && answer.status < 300) return answer.data as T;
  throw new Error(`${answer.status}: ${answer.text ?? ''}`);
}

/** The HTTP status an `apiRequest` error carries, or null for anything else (network failures). */
export function errorStatus(err: unknown): number | null {
  if (!(err instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(err.message);
  return match ? Number(match[1]) : null;
}

/** SPEC §8's unauthorised error: a 401 whose code says the session is missing (not a wrong password or code). */
function isUnauthorizedError(err: Error): boolean {
  return errorStatus(err) === 401 && errorCode(err) === 'UNAUTHORIZED';
}

let redirectingToLogin = false;

/** SPEC §8: the session is gone; say so, then send the browser to sign in again, and back here after (issue 23). */
function handleUnauthorized(): void {
  notify({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'error' });
  if (redirectingToLogin) return;
  redirectingToLogin = true;
  window.setTimeout(() => {
    redirectingToLogin = false;
    window.location.href = loginUrlReturningTo(window.location);
  }, SESSION_LOSS_REDIRECT_MS);
}

/**
 * A message fit to show: the `message` of a JSON error body (DESIGN §6) when there is one, else a short plain-text
 * body, else the fallback (or the error's own message when no fallback is given).
 */
export function errorMessage(err: unknown, fallback?: string): string {
  if (!(err instanceof Error)) return fallback ?? String(err);
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return fallback ?? err.message;
  const bodyText = match[1].trim();
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (
      parsed &&
      typeof parsed === 'object' &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message
    ) {
      return parsed.message;
    }
  } catch {
    // not JSON: fall through to the plain-text body
  }
  const looksLikePlainText =
    bodyText.length > 0 && bodyText.length <= 300 && !bodyText.startsWith('<') && !bodyText.startsWith('{');
  if (looksLikePlainText) return bodyText;
  return fallback ?? err.message;
}

/**
 * The first message per top-level field of a 400 answer's `details` (DESIGN §6: `[{path, message}]`), for inline
 * errors under each input when the server refuses what the form's own check let through (a weak password).
 */
export function errorFieldMessages(err: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(err instanceof Error) || errorStatus(err) !== 400) return fields;
  try {
    const parsed: unknown = JSON.parse(err.message.replace(/^\d{3}: /, ''));
    const details = (parsed as { details?: unknown }).details;
    if (!Array.isArray(details)) return fields;
    for (const d of details as Array<{ path?: unknown; message?: unknown }>) {
      const field = typeof d.path === 'string' ? d.path.split('.')[0] : '';
      if (field && typeof d.message === 'string' && !fields[field]) fields[field] = d.message;
    }
  } catch {
    // not a JSON error body
  }
  return fields;
}

/** Whether a refusal's `details` carry this code (a 409 that a form can resolve, e.g. DELIVERY_AWAY). */
export function errorHasDetailCode(err: unknown, code: string): boolean {
  if (!(err instanceof Error)) return false;
  try {
    const parsed: unknown = JSON.parse(err.message.replace(/^\d{3}: /, ''));
    const details = (parsed as { details?: unknown }).details;
    return Array.isArray(details) && details.some((d) => (d as { code?: unknown })?.code === code);
  } catch {
    return false;
  }
}

/** A refusal with its shared error code (a socket ack's, or an HTTP answer's read once); the message is fit to show. */
export class RefusalError extends Error {
  constructor(
    readonly code: ErrorCode | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The error code (DESIGN §6, the shared ErrorCode) of a refusal: a RefusalError's, or the `code` of an `apiRequest`
 * error's JSON body; null for anything else (a network failure). The web branches on this, never on message text.
 */
export function errorCode(err: unknown): ErrorCode | null {
  if (err instanceof RefusalError) return err.code;
  if (!(err instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[1]);
    const code = (parsed as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? (code as ErrorCode) : null;
  } catch {
    return null;
  }
}
