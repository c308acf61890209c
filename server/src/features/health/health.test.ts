import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/health', () => {
  it('answers 200 while MongoDB, Redis and the queues answer, and 503 naming Redis when it is gone', async () => {
    const up = await app.client().get('/api/health');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: 'ok', mongodb: 'up', redis: 'up' });

    // The connection health, queues and throttles use. Its status reads 'ready' until the socket has closed, so the
    // test waits for the close: a check of the status alone once took that stale 'ready' for the reconnect.
    const redis = app.rt.redis;
    const ended = new Promise<void>((resolve) => redis.once('end', () => resolve()));
    redis.disconnect();
    await ended;
    const down = await app.client().get('/api/health');
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('degraded');
    expect(down.body.mongodb).toBe('up');
    expect(down.body.redis).toBe('down');
    expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONN|Error|\.go:/);

    // Connected again by the test, unless a command since has already started the client's own reconnect (once seen
    // under load: "Redis is already connecting"); either way the test goes on at the client's 'ready'.
    if (redis.status !== 'ready') {
      const ready = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
      if (redis.status === 'end') await redis.connect().catch(() => undefined);
      if ((redis.status as string) !== 'ready') await ready;
    }
    expect((await app.client().get('/api/health')).status).toBe(200);
  });
});
