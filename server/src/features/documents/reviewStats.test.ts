import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { DocumentModel } from './model';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(500)}\n%%EOF\n`);

describe('admin summary cards', () => {
  it('counts today’s approvals and rejections and the mean time to a decision; non-admins get 403', async () => {
    const admin = app.client();
    await admin.login('admin@test.local');
    const empty = await admin.get('/api/admin/documents/stats');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ approvedToday: 0, rejectedToday: 0, avgReviewMinutes: null });

    const carrier = app.client();
    await carrier.registerAndLogin({ userType: 'carrier' });
    const ids: string[] = [];
    for (const type of ['dot_authority', 'insurance', 'equipment_cert']) {
      const res = await carrier
        .raw('post', '/api/documents/upload')
        .field('documentType', type)
        .field('expirationDate', '2099-06-30')
        .attach('file', pdf, { filename: `${type}.pdf`, contentType: 'application/pdf' });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // Uploaded two hours ago, so the mean time to a decision is measurable.
    await DocumentModel.updateMany(
      { _id: { $in: ids } },
      { $set: { uploadedAt: new Date(Date.now() - 120 * 60_000) } },
    );
    await admin.post(`/api/admin/documents/${ids[0]}/review`, { status: 'approved' });
    await admin.post(`/api/admin/documents/${ids[1]}/review`, { status: 'approved' });
    await admin.post(`/api/admin/documents/${ids[2]}/review`, {
      status: 'rejected',
      rejectionReason: 'Blurry',
    });

    const stats = (await admin.get('/api/admin/documents/stats')).body;
    expect(stats.approvedToday).toBe(2);
    expect(stats.rejectedToday).toBe(1);
    expect(stats.avgReviewMinutes).toBeGreaterThanOrEqual(119);
    expect(stats.avgReviewMinutes).toBeLessThanOrEqual(125);

    expect((await carrier.get('/api/admin/documents/stats')).status).toBe(403);
    expect((await app.client().get('/api/admin/documents/stats')).status).toBe(401);
  });
});
