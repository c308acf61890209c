import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { seedTestAccountDocuments } from './seed';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('demo documents for the verified test accounts', () => {
  it('gives each an approved document of every required type, once, that downloads as a PDF', async () => {
    await seedTestAccountDocuments(app.rt);
    await seedTestAccountDocuments(app.rt); // idempotent
    const carrier = app.client();
    await carrier.login('carrier@test.local');
    const status = (await carrier.get('/api/users/verification-status')).body;
    expect(status.approvedDocuments.sort()).toEqual(['dot_authority', 'equipment_cert', 'insurance']);
    const docs = (await carrier.get('/api/documents')).body;
    expect(docs.total).toBe(3);
    const file = await carrier
      .raw('get', docs.items[0].downloadUrl)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const driver = app.client();
    await driver.login('driver@test.local');
    expect((await driver.get('/api/documents')).body.total).toBe(0);
  });
});
