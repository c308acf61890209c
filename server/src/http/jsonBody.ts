import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { AppError } from './errors';

/** The charset parameter of a Content-Type (quoted or not), or null when it names none. */
export function charsetOf(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2] ?? '').trim().toLowerCase() : null;
}

/**
 * Whether the request's body may be read: with no charset, or UTF-8 (RFC 8259 §8.1: JSON between systems is UTF-8).
 * body-parser takes any `utf-*` its decoder knows (`utf-7`, `utf-16le`, …) and decodes it, so a body could say
 * `+ADw-` for `<` and pass every check made on the text it was sent as (issue 51).
 */
export function acceptedCharset(req: IncomingMessage): boolean {
  const charset = charsetOf(req.headers['content-type']);
  return charset === null || charset === 'utf-8';
}

/**
 * The JSON body parser of /api and /api/v1: a body naming any charset but UTF-8 is 415 before it is read (the error
 * handler's "Unsupported charset: send the body as UTF-8"), then express.json as before.
 */
export function jsonBody(): RequestHandler[] {
  const utf8Only: RequestHandler = (req, _res, next) =>
    acceptedCharset(req)
      ? next()
      : next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported charset: send the body as UTF-8'));
  return [utf8Only, express.json({ limit: '1mb' })];
}
