import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import mongoose, { Schema } from 'mongoose';
import { AppError, badRequest } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';

/** How long a POST's answer is kept for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One Idempotency-Key of one API key and the answer its first request got. Read by `_id` (one equality); an
 * expired record is passed over and replaced (no TTL index: the store does not promise to run one).
 */
const idempotencySchema = new Schema(
  {
    _id: { type: String, required: true },
    requestHash: { type: String, required: true },
    status: { type: Number, required: true },
    body: { type: Schema.Types.Mixed, default: null },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);
export const IdempotencyRecordModel = mongoose.model('IdempotencyRecord', idempotencySchema);

const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on a POST of the public API: the first request with a key runs and its answer is kept for 24
 * hours; a repeat (same method, path and body) gets that answer again (`Idempotent-Replayed: true`) and does
 * nothing; the same key with a different request is 422. Copies that arrive together queue on the key's lease, so
 * only the first runs. Answers that did nothing and may succeed on a retry (409 busy, 429, 5xx) are not kept.
 * A POST without the header runs as sent (a retry of it may act twice).
 */
export const idempotent: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
  if (req.method !== 'POST') return next();
  const raw = req.get('Idempotency-Key');
  if (raw === undefined) return next();
  if (!KEY_SHAPE.test(raw))
    return next(badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters'));
  const apiKey = res.locals.apiKey;
  if (!apiKey) return next();
  const id = createHash('sha256')
    .update(`${String(apiKey._id)}\n${raw}`)
    .digest('hex');
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.baseUrl}${req.path}\n${JSON.stringify(req.body ?? {})}`)
    .digest('hex');
  try {
    await withAggregate('idempotency', id, async () => {
      const found = await IdempotencyRecordModel.findById(id).lean<{
        requestHash: string;
        status: number;
        body: unknown;
        expiresAt: Date;
      }>();
      if (found && new Date(found.expiresAt).getTime() > Date.now()) {
        if (found.requestHash !== requestHash) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with a different request; use a new key for a new request',
          );
        }
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(found.status).json(found.body);
        return;
      }
      let body: unknown = null;
      const json = res.json.bind(res);
      res.json = (b: unknown) => {
        body = b;
        return json(b);
      };
      const finished = new Promise<void>((resolve) => {
        res.once('finish', () => resolve());
        res.once('close', () => resolve());
      });
      next();
      await finished;
      const status = res.statusCode;
      if (status >= 500 || status === 409 || status === 429) return;
      await IdempotencyRecordModel.replaceOne(
        { _id: id },
        { _id: id, requestHash, status, body, expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) },
        { upsert: true },
      );
    });
  } catch (err) {
    if (!res.headersSent) next(err);
  }
};
