import { writeFile } from 'node:fs/promises';
import express from 'express';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import pg from 'pg';
import { createClient } from 'redis';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { freePort } from '@freight/dev-services';
import { outageOf, REDIS_COMMAND_OPTIONS, sessionRedisOptions } from '../infra/availability';
import { errorHandler } from './errors';

/**
 * Issue 25 point 2: the error handler answers 503 with Retry-After (never 500) for each kind of driver error an
 * outage raises. Errors are produced by the real drivers against a port where nothing listens, except FerretDB's
 * relay of a PostgreSQL failure, built with the driver's own error class from the text FerretDB 1.24 sends (the
 * self-healing test kills the real postmaster).
 */
async function answer(err: unknown) {
  const logged: unknown[] = [];
  const app = express();
  app.get('/x', () => {
    throw err;
  });
  app.use(errorHandler((_m, e) => logged.push(e)));
  const res = await request(app).get('/x');
  return { res, logged };
}

/** `service` null: a bare socket error (ECONNREFUSED) names no driver; any service will do, the answer is the same. */
async function expect503(err: unknown, service: string | null) {
  if (service) expect(outageOf(err)).toBe(service);
  else expect(outageOf(err)).not.toBeNull();
  const { res, logged } = await answer(err);
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBeTruthy();
  expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  expect(res.body.message).toMatch(/temporarily unavailable/);
  expect(logged).toEqual([]);
}

async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('driver errors of an outage answer 503', () => {
  it('the upload disk full (a real ENOSPC, written to /dev/full)', async () => {
    const err = await caught(() => writeFile('/dev/full', 'an upload'));
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    await expect503(err, 'storage');
  });

  it('MongoDB (and FerretDB gone): server selection fails', async () => {
    const port = await freePort();
    const client = new mongoose.mongo.MongoClient(`mongodb://127.0.0.1:${port}`, {
      serverSelectionTimeoutMS: 300,
    });
    const err = await caught(() => client.db('x').collection('y').findOne({}));
    await client.close();
    await expect503(err, 'mongodb');
  });

  it('PostgreSQL behind FerretDB: a dial error, a crashed postmaster, a cluster still starting', async () => {
    for (const text of [
      '[msg_find.go:344 handler.handleMaxTimeMSError] [collection.go:109 postgresql.(*collection).Query] failed to connect to `user=ferretdb database=ferretdb`:\n\t127.0.0.1:40441 (127.0.0.1): dial error: dial tcp 127.0.0.1:40441: connect: connection refused',
      '[msg_find.go:344 handler.handleMaxTimeMSError] [query_iterator.go:92 postgresql.(*queryIterator).Next] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
      'server error: FATAL: the database system is not yet accepting connections (SQLSTATE 57P03)',
    ]) {
      await expect503(new mongoose.mongo.MongoServerError({ message: text, code: 1, ok: 0 }), 'postgresql');
    }
  });

  it('PostgreSQL through node-postgres: refused connection and a server shutting down', async () => {
    const port = await freePort();
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    await expect503(await caught(() => client.connect()), null);
    const shutdown = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error');
    shutdown.code = '57P01';
    shutdown.severity = 'FATAL';
    await expect503(shutdown, 'postgresql');
  });

  it('Redis through ioredis and node-redis', async () => {
    const port = await freePort();
    const ioredis = new Redis(`redis://127.0.0.1:${port}`, {
      ...REDIS_COMMAND_OPTIONS,
      retryStrategy: () => null,
    });
    ioredis.on('error', () => undefined);
    await expect503(await caught(() => ioredis.get('k')), 'redis');
    ioredis.disconnect();
    const nodeRedis = createClient(sessionRedisOptions(`redis://127.0.0.1:${port}`));
    nodeRedis.on('error', () => undefined);
    await expect503(await caught(() => nodeRedis.get('k')), 'redis');
  });

  it('a real failure still answers 500 and is logged; text PostgreSQL refuses answers 400', async () => {
    const { res, logged } = await answer(new TypeError('x is undefined'));
    expect(res.status).toBe(500);
    expect(logged).toHaveLength(1);
    const refused = await answer(
      new mongoose.mongo.MongoServerError({
        message: 'ERROR: unsupported Unicode escape sequence (SQLSTATE 22P05)',
        code: 1,
        ok: 0,
      }),
    );
    expect(refused.res.status).toBe(400);
  });
});

describe('a client gone before its answer', () => {
  it('is not logged as an error (express names it ECONNABORTED, "Request aborted")', async () => {
    const aborted = Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
    const logged: unknown[] = [];
    const handle = errorHandler((_m, e) => logged.push(e));
    const res = { headersSent: false, status: () => res, json: () => res } as never;
    handle(aborted, {} as never, res, () => undefined);
    expect(logged).toEqual([]);
    // Any other failure still is.
    handle(new Error('boom'), {} as never, res, () => undefined);
    expect(logged).toHaveLength(1);
  });
});
