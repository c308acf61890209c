import { QUEUES } from '@freight/shared';
import { DocumentModel } from '@freight/server/features/documents/model';
import {
  dueReminder,
  runDocumentExpiry,
  type DocumentExpiryReport,
} from '@freight/server/features/documents/expiry';
import { NotificationModel } from '@freight/server/features/notifications/model';
import { UserModel } from '@freight/server/features/users/model';
import { getQueue } from '@freight/server/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  eventually,
  giveRoadNumbers,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { startWorkers } from '../index';
import { documentExpiryProcessor, jobClock } from './documentExpiryProcessor';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

const DAY = 86_400_000;
const pdf = Buffer.from('%PDF-1.4\nexpiry test\n%%EOF\n');
/** A calendar date `n` days from today (UTC), as the upload form sends it. */
const dateIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
/** Noon UTC, `n` days from the given calendar date: the controllable clock. */
const clock = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY);

async function upload(c: TestClient, documentType: string, expirationDate?: string): Promise<string> {
  const req = c.raw('post', '/api/documents/upload').field('documentType', documentType);
  if (expirationDate) req.field('expirationDate', expirationDate);
  const res = await req.attach('file', pdf, {
    filename: `${documentType}.pdf`,
    contentType: 'application/pdf',
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.id;
}

/** Runs the job through BullMQ (the real queue and worker) with the given clock, and returns its report. */
async function runJob(now: Date): Promise<DocumentExpiryReport> {
  const queue = getQueue(QUEUES.documentExpiry);
  const job = await queue.add('document-expiry', { now: now.toISOString() });
  return eventually(async () => {
    const state = await job.getState();
    if (state === 'failed') throw new Error(`job failed: ${(await queue.getJob(job.id!))?.failedReason}`);
    return state === 'completed'
      ? ((await queue.getJob(job.id!))!.returnvalue as DocumentExpiryReport)
      : null;
  }, 20_000);
}

const countNotes = (dedupeKey: string) => NotificationModel.countDocuments({ dedupeKey });

describe('document expiry processor (real BullMQ, controllable clock)', () => {
  it('is scheduled daily and takes its clock from the job', () => {
    expect(documentExpiryProcessor.queue).toBe('document-expiry');
    expect(documentExpiryProcessor.schedule).toEqual([
      { name: 'document-expiry-daily', pattern: '5 0 * * *' },
    ]);
    expect(jobClock({ now: '2030-01-02T03:04:05.000Z' }).toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(Math.abs(jobClock({}).getTime() - Date.now())).toBeLessThan(5_000);
    expect(() => jobClock({ now: 'yesterday' })).toThrow(/invalid/);
  });

  it('picks the most urgent reminder due', () => {
    expect([45, 31, 30, 20, 8, 7, 5, 2, 1, 0, -1].map(dueReminder)).toEqual([
      null,
      null,
      30,
      30,
      30,
      7,
      7,
      7,
      1,
      1,
      null,
    ]);
  });

  it('sends each reminder once across repeated runs and restarts; expiry makes the owner unverified, live', async () => {
    const admin = app.client();
    await admin.login('admin@test.local');
    const owner = app.client();
    const user = await owner.registerAndLogin({ userType: 'carrier' });
    await giveRoadNumbers(owner, 'carrier'); // issue 39: verification needs the USDOT number
    const expires = dateIn(60);
    const dot = await upload(owner, 'dot_authority', expires);
    const insurance = await upload(owner, 'insurance', dateIn(450));
    const equipment = await upload(owner, 'equipment_cert', dateIn(400));
    for (const id of [dot, insurance, equipment]) {
      expect((await admin.post(`/api/admin/documents/${id}/review`, { status: 'approved' })).status).toBe(
        200,
      );
    }
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);

    expect((await runJob(clock(expires, -31))).remindersSent).toBe(0);
    // 30 days before: one reminder, however often the job runs that day or the next ones.
    expect((await runJob(clock(expires, -30))).remindersSent).toBe(1);
    expect((await runJob(clock(expires, -30))).remindersSent).toBe(0);
    expect((await runJob(clock(expires, -29))).remindersSent).toBe(0);
    expect((await runJob(clock(expires, -8))).remindersSent).toBe(0);
    await eventually(async () => (await countNotes(`doc-expiry:${dot}-30d`)) === 1);

    // The worker restarts: what was sent is remembered.
    await app.workers!.close();
    const restarted = await startWorkers(app.rt, { schedules: false });
    try {
      expect((await runJob(clock(expires, -29))).remindersSent).toBe(0);
      expect((await runJob(clock(expires, -7))).remindersSent).toBe(1);
      expect((await runJob(clock(expires, -7))).remindersSent).toBe(0);
      expect((await runJob(clock(expires, -1))).remindersSent).toBe(1);
      expect((await runJob(clock(expires, -1))).remindersSent).toBe(0);
      const lastDay = await runJob(clock(expires, 0)); // still valid through its date
      expect(lastDay).toMatchObject({ remindersSent: 0, expired: 0 });
      expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);

      const socket = await owner.socket();
      const unverified = nextEvent(socket, 'verification:changed', (p) => !p.isVerified);
      const expiredEvent = nextEvent(socket, 'document:expired', (p) => p.document.id === dot);
      const report = await runJob(clock(expires, 1));
      expect(report).toMatchObject({ expired: 1, usersRecomputed: 1 });
      expect(await unverified).toMatchObject({
        userId: user.id,
        approvedDocuments: ['insurance', 'equipment_cert'],
        submittedDocuments: ['insurance', 'equipment_cert'],
      });
      expect((await expiredEvent).document.status).toBe('expired');
      expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(false);
      expect((await owner.get('/api/auth/user')).body.isVerified).toBe(false);
      expect((await DocumentModel.findById(dot).lean())?.status).toBe('expired');

      expect(await runJob(clock(expires, 1))).toMatchObject({ expired: 0, remindersSent: 0 });
      expect(await runJob(clock(expires, 5))).toMatchObject({ expired: 0, remindersSent: 0 });

      await eventually(async () => (await countNotes(`doc-expired:${dot}`)) === 1);
      for (const days of [30, 7, 1]) expect(await countNotes(`doc-expiry:${dot}-${days}d`)).toBe(1);
      const notes = await NotificationModel.find({
        userId: user.id,
        kind: { $in: ['document_expiring', 'document_expired'] },
      })
        .sort({ createdAt: 1 })
        .lean();
      expect(notes.map((n) => n.title)).toEqual([
        'DOT Authority expires in 30 days',
        'DOT Authority expires in 7 days',
        'DOT Authority expires tomorrow',
        'DOT Authority expired',
      ]);
      expect(notes.every((n) => n.link === '/documents')).toBe(true);

      // A renewed upload of the type takes the expired one's place: approved, the owner is verified again.
      const verifiedAgain = nextEvent(socket, 'verification:changed', (p) => p.isVerified);
      const renewed = await upload(owner, 'dot_authority', dateIn(500));
      await admin.post(`/api/admin/documents/${renewed}/review`, { status: 'approved' });
      await verifiedAgain;
      expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
      owner.closeSockets();
    } finally {
      await restarted.close();
      app.workers = null;
    }
  });

  it('an expired insurance certificate makes the carrier unverified (issue 16)', async () => {
    // The test above closed the app's workers: the job runs on workers of this test's own.
    const workers = await startWorkers(app.rt, { schedules: false });
    try {
      const admin = app.client();
      await admin.login('admin@test.local');
      const owner = app.client();
      const user = await owner.registerAndLogin({ userType: 'carrier' });
      await giveRoadNumbers(owner, 'carrier'); // issue 39: verification needs the USDOT number
      await giveRoadNumbers(owner, 'carrier'); // issue 39: verification needs the USDOT number
      const expires = dateIn(20);
      const insurance = await upload(owner, 'insurance', expires);
      for (const id of [
        await upload(owner, 'dot_authority', dateIn(400)),
        insurance,
        await upload(owner, 'equipment_cert', dateIn(400)),
      ]) {
        expect((await admin.post(`/api/admin/documents/${id}/review`, { status: 'approved' })).status).toBe(
          200,
        );
      }
      expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
      expect(await runJob(clock(expires, 0))).toMatchObject({ expired: 0 });
      expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
      expect(await runJob(clock(expires, 1))).toMatchObject({ expired: 1, usersRecomputed: 1 });
      expect((await DocumentModel.findById(insurance).lean())?.status).toBe('expired');
      expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(false);
    } finally {
      await workers.close();
    }
  });

  it('expires a pending document out of the admin queue, and concurrent runs still notify once', async () => {
    const workers = await startWorkers(app.rt, { schedules: false });
    try {
      const admin = app.client();
      await admin.login('admin@test.local');
      const adminSocket = await admin.socket();
      const owner = app.client();
      const user = await owner.registerAndLogin({ userType: 'shipper' });
      const expires = dateIn(3);
      const id = await upload(owner, 'business_license', expires);
      const seen = collectEvents(adminSocket, 'admin:queue-changed');

      // A document first seen 3 days out gets the 7-day reminder only (the 30-day one has passed).
      const reports = await Promise.all([0, 1, 2].map(() => runDocumentExpiry(clock(expires, -3))));
      expect(reports.map((r) => r.remindersSent).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
      expect((await DocumentModel.findById(id).lean())?.remindersSent.sort((a, b) => a - b)).toEqual([7, 30]);

      const left = nextEvent(
        adminSocket,
        'admin:queue-changed',
        (p) => p.documentId === id && p.reason === 'expired',
      );
      await Promise.all([runJob(clock(expires, 1)), runDocumentExpiry(clock(expires, 1))]);
      await left;
      expect((await DocumentModel.findById(id).lean())?.status).toBe('expired');
      const queue = await admin.get('/api/admin/documents/pending?pageSize=100');
      expect(queue.body.items.some((d: { id: string }) => d.id === id)).toBe(false);
      expect((await admin.post(`/api/admin/documents/${id}/review`, { status: 'approved' })).status).toBe(
        409,
      );

      await eventually(async () => (await countNotes(`doc-expired:${id}`)) === 1);
      expect(await countNotes(`doc-expiry:${id}-7d`)).toBe(1);
      expect(await countNotes(`doc-expiry:${id}-30d`)).toBe(0);
      expect(await NotificationModel.countDocuments({ userId: user.id, kind: 'document_expiring' })).toBe(1);
      expect(seen.filter((e) => e.documentId === id && e.reason === 'expired').length).toBeGreaterThanOrEqual(
        1,
      );
      admin.closeSockets();
    } finally {
      await workers.close();
    }
  });
});
