import type { RequestHandler } from 'express';
import { badRequest, type AppError } from './errors';

/**
 * Text that PostgreSQL (under FerretDB) cannot store: a NUL character (SQLSTATE 22P05) or a UTF-16 surrogate
 * without its pair (not valid UTF-8). Refused at the edge, before anything is read, written or counted.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnstorableText = (s: string) => UNSTORABLE.test(s);

/** How deep the search goes (bodies are at most 1 MB; JSON that nests deeper is refused by the schemas anyway). */
const MAX_DEPTH = 64;

/**
 * The path of the first string (value or key) in `value` that cannot be stored, or null. `prefix` names the part
 * of the request ('' for a body or a socket payload).
 */
export function findUnstorableText(value: unknown, prefix: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? prefix : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...prefix, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (hasUnstorableText(key)) return [...prefix, key.replace(UNSTORABLE, '?')];
    const found = findUnstorableText(inner, [...prefix, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The 400 for `path` (the field named as the schemas name it: `a.b.0`). */
export function unstorableTextError(path: string[]): AppError {
  const field = path.join('.');
  const message = 'contains a character that cannot be stored (a NUL or an unpaired surrogate)';
  return badRequest(field ? `${field}: ${message}` : `The request ${message}`, [{ path: field, message }]);
}

/** Throws the 400 when `value` holds text that cannot be stored. */
export function assertStorableText(value: unknown, prefix: string[] = []): void {
  const found = findUnstorableText(value, prefix);
  if (found) throw unstorableTextError(found);
}

/**
 * The edge check for every API request, mounted once before any route (and so before every rate limit, lease and
 * write): the decoded path, the query and the JSON or urlencoded body. A multipart body is read later by its route
 * and checked with the route's schema (`parse` in validate.ts runs the same check); socket payloads are checked by
 * `clientEvents`.
 */
export const rejectUnstorableText: RequestHandler = (req, _res, next) => {
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(req.path);
  } catch {
    return next(badRequest('The URL has a malformed %-encoded part'));
  }
  if (hasUnstorableText(decodedPath)) {
    return next(unstorableTextError(['path']));
  }
  const inQuery = findUnstorableText(req.query);
  if (inQuery) return next(unstorableTextError(inQuery));
  const inBody = findUnstorableText(req.body);
  if (inBody) return next(unstorableTextError(inBody));
  next();
};
