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

    app.rt.redis.disconnect(); // the connection health, queues and throttles use
    const down = await app.client().get('/api/health');
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('degraded');
    expect(down.body.mongodb).toBe('up');
    expect(down.body.redis).toBe('down');
    expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONN|Error|\.go:/);

    await app.rt.redis.connect();
    expect((await app.client().get('/api/health')).status).toBe(200);
  });
});
