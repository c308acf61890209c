import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '@test/helpers';

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

    app.rt.redis.disconnect(); // the connection health, queues and throttles use
    const down = await app.client().get('/api/health');
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('degraded');
    expect(down.body.mongodb).toBe('up');
    expect(down.body.redis).toBe('down');
    expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONN|Error|\.go:/);

    // Connected again by the test, unless a command since has already started the client's own reconnect (once seen
    // under load: "Redis is already connecting").
    if (!['connecting', 'connect', 'reconnecting', 'ready'].includes(app.rt.redis.status))
      await app.rt.redis.connect();
    await eventually(async () => app.rt.redis.status === 'ready');
    expect((await app.client().get('/api/health')).status).toBe(200);
  });
});
