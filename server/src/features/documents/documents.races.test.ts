import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@freight/shared';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { DomainEventModel } from '../../events/model';
import { rewindProjector } from '../../events/projectors';
import { getQueue } from '../../queues';
import { UserModel } from '../users/model';
import { runDocumentExpiry } from './expiry';
import { DocumentModel } from './model';
import { computeVerification } from './verification';

/**
 * Issue 10's races on a document and its owner, each side fired at once for ROUNDS rounds, the invariant checked
 * after every round: no lost update (the stored document is what the acknowledged writes say), and the owner's
 * stored verification always follows their documents and final account type.
 */
const ROUNDS = stressSize(20, 8);
const RACE_TIMEOUT_MS = 900_000;

let app: TestApp;
let admin1: TestClient;
let admin2: TestClient;
beforeAll(async () => {
  // Each round uploads documents for one carrier: far past the per-user upload limit, which is not under test here.
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  admin1 = app.client();
  await admin1.login('admin@test.local');
  admin2 = app.client();
  await admin2.login('admin@test.local');
});
afterAll(async () => {
  await app?.close();
});

const pdf = Buffer.from('%PDF-1.4\nrace test\n%%EOF\n');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function upload(c: TestClient, documentType: string): Promise<string> {
  const res = await c
    .raw('post', '/api/documents/upload')
    .field('documentType', documentType)
    .field('expirationDate', inDays(365))
    .attach('file', pdf, { filename: `${documentType}.pdf`, contentType: 'application/pdf' });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.id;
}

/** A shipper whose business license is approved: insurance decides whether they are verified. */
async function shipperWithLicense(): Promise<{ c: TestClient; userId: string }> {
  const c = app.client();
  const user = await c.registerAndLogin({ userType: 'shipper', companyName: 'Race Freight' });
  const license = await upload(c, 'business_license');
  expect((await admin1.post(`/api/admin/documents/${license}/review`, { status: 'approved' })).status).toBe(
    200,
  );
  return { c, userId: user.id };
}

/** The stored flag agrees with the documents as they stand (the rule, recomputed here from scratch). */
async function expectVerificationFollowsDocuments(userId: string): Promise<boolean> {
  const user = await UserModel.findById(userId, { userType: 1, isVerified: 1 }).lean();
  const { computedVerified } = await computeVerification(user!);
  expect(Boolean(user!.isVerified)).toBe(computedVerified);
  return computedVerified;
}

/** How many facts of this name the log holds about the document (issue 26). */
const factsAbout = (name: string, documentId: string) =>
  DomainEventModel.countDocuments({ name, 'subjects.documentId': documentId, state: 'recorded' });
/** The owner's verification facts caused by this document's review and expiry. */
const verificationFactsOf = (userId: string, documentId: string) =>
  DomainEventModel.countDocuments({
    _id: {
      $in: [
        `verification.changed:${userId}-doc-${documentId}-reviewed`,
        `verification.changed:${userId}-doc-${documentId}-expired`,
      ],
    },
    state: 'recorded',
  });

/** The notification jobs queued so far, by kind (no worker runs here: each stays queued). */
async function queuedNotices(kinds: string[]): Promise<number> {
  const jobs = await getQueue(QUEUES.notifications).getJobs([
    'waiting',
    'delayed',
    'prioritized',
    'active',
    'completed',
    'failed',
  ]);
  return jobs.filter((j) => kinds.includes(j.name)).length;
}

describe('document races (issue 10)', () => {
  it(
    `admin review against the expiry job on a document expiring now: ${ROUNDS} rounds`,
    async () => {
      const outcomes = { reviewedFirst: 0, expiredFirst: 0 };
      const { c, userId } = await shipperWithLicense();
      for (let round = 0; round < ROUNDS; round++) {
        const insurance = await upload(c, 'insurance');
        // Its date passed yesterday: the job expires it on its next run.
        await DocumentModel.updateOne(
          { _id: insurance },
          { $set: { expirationDate: new Date(Date.now() - 2 * 86_400_000) } },
        );
        const decision =
          round % 2 === 0 ? { status: 'approved' } : { status: 'rejected', rejectionReason: 'Unreadable' };
        // The job runs in this process and would nearly always start first: a varying head start for the review
        // (0 to 45 ms) spreads the rounds over both orders.
        const headStart = (round % 4) * 15;
        const [review, report] = await Promise.all([
          admin1.post(`/api/admin/documents/${insurance}/review`, decision),
          sleep(headStart).then(() => runDocumentExpiry()),
        ]);
        expect([200, 409]).toContain(review.status);
        const stored = (await DocumentModel.findById(insurance).lean())!;
        // Whatever the order, the stored document is the sum of the acknowledged writes, never one reverting another.
        expect(stored.status === 'expired').toBe(stored.expiredAt != null);
        if (review.status === 200) {
          outcomes.reviewedFirst++;
          expect(stored.reviewedAt).not.toBeNull();
          expect(stored.reviewedBy).not.toBeNull();
          // An approved document past its date expires in the same run; a rejected one is done.
          expect(stored.status).toBe(decision.status === 'approved' ? 'expired' : 'rejected');
        } else {
          outcomes.expiredFirst++;
          expect(report.expired).toBeGreaterThanOrEqual(1);
          expect(stored.status).toBe('expired');
          expect(stored.reviewedBy).toBeNull();
        }
        expect(await expectVerificationFollowsDocuments(userId)).toBe(false);
        // Issue 26: one fact per thing that happened, whatever the order: the review if it won, the expiry if the
        // document expired, and the owner's verification after each.
        const reviewedFacts = review.status === 200 ? 1 : 0;
        const expiredFacts = stored.status === 'expired' ? 1 : 0;
        expect(await factsAbout('document.reviewed', insurance)).toBe(reviewedFacts);
        expect(await factsAbout('document.expired', insurance)).toBe(expiredFacts);
        expect(await verificationFactsOf(userId, insurance)).toBe(reviewedFacts + expiredFacts);
        // The document can still move on: a second run changes nothing, a second review is refused.
        expect((await admin2.post(`/api/admin/documents/${insurance}/review`, decision)).status).toBe(409);
      }
      expect(outcomes.reviewedFirst + outcomes.expiredFirst).toBe(ROUNDS);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `two admins reviewing one document at once: ${ROUNDS} rounds, exactly one wins`,
    async () => {
      const { c, userId } = await shipperWithLicense();
      let approvedOnce = false;
      for (let round = 0; round < ROUNDS; round++) {
        const insurance = await upload(c, 'insurance');
        const results = await Promise.all([
          admin1.post(`/api/admin/documents/${insurance}/review`, { status: 'approved' }),
          admin2.post(`/api/admin/documents/${insurance}/review`, {
            status: 'rejected',
            rejectionReason: 'Wrong insurer',
          }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        const winner = results.find((r) => r.status === 200)!.body;
        const stored = (await DocumentModel.findById(insurance).lean())!;
        expect(stored.status).toBe(winner.status);
        expect(stored.rejectionReason).toBe(winner.rejectionReason);
        // Verified once an insurance approval has won (the license was approved before).
        approvedOnce ||= winner.status === 'approved';
        expect(await expectVerificationFollowsDocuments(userId)).toBe(approvedOnce);
        // Issue 26: the winner's review is one fact, and so is the verification it caused; the loser's is none.
        expect(await factsAbout('document.reviewed', insurance)).toBe(1);
        expect(await verificationFactsOf(userId, insurance)).toBe(1);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `account type change against a document review: ${ROUNDS} rounds, verification follows the final type`,
    async () => {
      const { c, userId } = await shipperWithLicense();
      for (let round = 0; round < ROUNDS; round++) {
        // Even rounds leave shipper for broker (no broker authority: unverified whatever the order); odd rounds come
        // back from broker to shipper (license and insurance approved: verified whatever the order). Each round starts
        // from no live insurance and the stored flag that says so.
        const [from, to] = round % 2 === 0 ? ['shipper', 'broker'] : ['broker', 'shipper'];
        await DocumentModel.updateMany(
          { userId, documentType: 'insurance' },
          { $set: { status: 'rejected' } },
        );
        await UserModel.updateOne({ _id: userId }, { $set: { userType: from, isVerified: false } });
        const insurance = await upload(c, 'insurance');
        const [review, setup] = await Promise.all([
          admin1.post(`/api/admin/documents/${insurance}/review`, { status: 'approved' }),
          c.post('/api/users/setup', { userType: to, companyName: 'Race Freight' }),
        ]);
        expect(review.status).toBe(200);
        expect(setup.status).toBe(200);
        const user = (await UserModel.findById(userId).lean())!;
        expect(user.userType).toBe(to);
        expect(await expectVerificationFollowsDocuments(userId)).toBe(to === 'shipper');
        expect((await c.get('/api/users/verification-status')).body.isVerified).toBe(to === 'shipper');
      }
    },
    RACE_TIMEOUT_MS,
  );

  it('replaying the documents projectors from the start of the log changes nothing (issue 26)', async () => {
    await app.rt.projectors.drain();
    const kinds = ['document_reviewed', 'document_expired', 'document_expiring'];
    const noticeFacts = await DomainEventModel.countDocuments({
      name: { $in: ['document.reviewed', 'document.expired', 'document.expiring'] },
      state: 'recorded',
    });
    // The races above made reviews and expiries: one notice each, queued once.
    expect(noticeFacts).toBeGreaterThan(ROUNDS);
    expect(await queuedNotices(kinds)).toBe(noticeFacts);
    await rewindProjector('documents-notices', 0);
    await rewindProjector('documents-live', 0);
    await app.rt.projectors.drain();
    expect(await queuedNotices(kinds)).toBe(noticeFacts);
  });
});
