import {
  BACKGROUND_CHECK_REQUIRED_MESSAGE,
  CONSENT_BACKGROUND_MESSAGE,
  CONSENT_RECORD_MESSAGE,
  DETAILS_REQUIRED_MESSAGE,
  SSN_FORMAT_MESSAGE,
  QUEUES,
  SSN_INVALID_MESSAGE,
} from '@freight/shared';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextEvent, startTestApp, type ClientSocket, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { rewindProjector } from '../../events/projectors';
import { decryptField } from '../../infra/fieldEncryption';
import { getQueue } from '../../queues';
import { BackgroundCheckModel, ssnContext } from './model';
import { backgroundCheckForm } from './testing';

// The SSN every submission in this file uses, typed with dashes; it must never come back, in any form.
const SSN = '219-09-9999';
const SSN_DIGITS = '219099999';
const leaks = (text: string) => text.includes(SSN) || text.includes(SSN_DIGITS);

/** Every response body, socket payload and log line of this file, checked for the SSN at the end. */
const answers: string[] = [];
const logLines: string[] = [];

/** How many facts of this name the log holds about the check (issue 26). */
const factsAbout = (name: string, checkId: string) =>
  DomainEventModel.countDocuments({ name, 'subjects.checkId': checkId, state: 'recorded' });

/** The background-check notification jobs queued so far (no worker runs here: each stays queued). */
async function queuedNotices(): Promise<number> {
  const jobs = await getQueue(QUEUES.notifications).getJobs([
    'waiting',
    'delayed',
    'prioritized',
    'active',
    'completed',
    'failed',
  ]);
  return jobs.filter((j) => j.name === 'background_check').length;
}

let app: TestApp;
let admin: TestClient;
let adminSocket: ClientSocket;

beforeAll(async () => {
  // The app logs through console (infra/logger.ts): every line, at every level, is captured here.
  const capture =
    (into: string[]) =>
    (...args: unknown[]) => {
      into.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    };
  vi.spyOn(console, 'log').mockImplementation(capture(logLines));
  vi.spyOn(console, 'error').mockImplementation(capture(logLines));
  vi.spyOn(console, 'warn').mockImplementation(capture(logLines));
  vi.spyOn(console, 'info').mockImplementation(capture(logLines));
  app = await startTestApp({ env: { LOG_LEVEL: 'debug', RATE_LIMITS_ENABLED: 'false' } });
  admin = await client('admin@test.local');
  adminSocket = await listened(admin);
});
afterAll(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

/** A client whose every answer is kept in `answers`. */
function recorded(c: TestClient): TestClient {
  for (const method of ['get', 'post'] as const) {
    const original = c[method].bind(c) as (...a: unknown[]) => Promise<{ text: string }>;
    (c as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const res = await original(...args);
      answers.push(res.text ?? '');
      return res;
    };
  }
  return c;
}

async function client(email?: string): Promise<TestClient> {
  const c = recorded(app.client());
  if (email) await c.login(email);
  return c;
}

async function as(userType: string): Promise<TestClient> {
  const c = await client();
  await c.registerAndLogin({ userType: 'carrier' });
  if (userType !== 'carrier') {
    const res = await c.post('/api/users/setup', { userType, companyName: 'Co' });
    expect(res.status, res.text).toBe(200);
  }
  return c;
}

/** A socket whose every event payload is kept in `answers`. */
async function listened(c: TestClient): Promise<ClientSocket> {
  const socket = await c.socket();
  socket.onAny((_event: string, payload: unknown) => answers.push(JSON.stringify(payload)));
  return socket;
}

const checksOf = (c: TestClient) => BackgroundCheckModel.countDocuments({ userId: c.user!.id });

describe('submitting a background check', () => {
  const required = [
    'fullName',
    'dateOfBirth',
    'ssn',
    'currentAddress',
    'city',
    'state',
    'zipCode',
    'phoneNumber',
    'emergencyContactName',
    'emergencyContactPhone',
    'emergencyContactRelationship',
    'drivingExperience',
  ];

  it.each(required)('refuses a form without %s (400, nothing stored)', async (field) => {
    const d = await as('individual_driver');
    for (const blank of [undefined, '', '   ']) {
      const res = await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN, [field]: blank }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: `${field}: Required` });
    }
    expect(await checksOf(d)).toBe(0);
  });

  it.each([
    ['no consent to the background check', { consentToBackgroundCheck: false }, CONSENT_BACKGROUND_MESSAGE],
    ['no consent to the record check', { consentToRecordCheck: false }, CONSENT_RECORD_MESSAGE],
    [
      'consents left out (they default to false)',
      { consentToBackgroundCheck: undefined },
      CONSENT_BACKGROUND_MESSAGE,
    ],
    ['an SSN of the wrong shape', { ssn: '219-09-999' }, SSN_FORMAT_MESSAGE],
    ['an SSN with letters', { ssn: '219-0A-9999' }, SSN_FORMAT_MESSAGE],
    ['an SSN with an all-zero group', { ssn: '219-00-9999' }, SSN_INVALID_MESSAGE],
    ['an SSN with area 000', { ssn: '000-09-9999' }, SSN_INVALID_MESSAGE],
    ['an impossible date of birth', { dateOfBirth: '1990-02-30' }, 'Enter a valid date (YYYY-MM-DD)'],
    ['a date of birth in the future', { dateOfBirth: '2999-01-01' }, 'The date of birth must be in the past'],
    [
      'a driver under 18',
      { dateOfBirth: new Date().toISOString().slice(0, 10) },
      'Drivers must be at least 18 years old',
    ],
    ['a state outside the US', { state: 'XX' }, 'Choose a US state'],
    ['a malformed ZIP', { zipCode: '8950' }, 'Enter a 5-digit ZIP code (or ZIP+4)'],
    ['a short phone', { phoneNumber: '555-0134' }, 'Enter a 10-digit US phone number'],
    ['a violation without details', { hasMovingViolations: true }, DETAILS_REQUIRED_MESSAGE],
    ['an accident without details', { hasAccidents: true, accidentsDetails: ' ' }, DETAILS_REQUIRED_MESSAGE],
    ['a record without details', { hasCriminalHistory: true }, DETAILS_REQUIRED_MESSAGE],
  ])('refuses %s (400 with a clear message, nothing stored)', async (_name, change, message) => {
    const d = await as('individual_driver');
    const res = await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN, ...change }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await checksOf(d)).toBe(0);
  });

  it('only individual drivers submit (403), signed-in users only (401)', async () => {
    for (const type of ['carrier', 'individual_customer', 'shipper']) {
      const c = await as(type);
      const res = await c.post('/api/background-check', backgroundCheckForm({ ssn: SSN }));
      expect(res.status).toBe(403);
      expect((await c.get('/api/background-check')).body).toEqual({ check: null });
    }
    const res = await admin.post('/api/background-check', backgroundCheckForm({ ssn: SSN }));
    expect(res.status).toBe(403);
    expect((await (await client()).post('/api/background-check', backgroundCheckForm())).status).toBe(401);
    expect((await (await client()).get('/api/background-check')).status).toBe(401);
  });

  it('stores a complete form pending, answers the last four digits only, and keeps the SSN encrypted', async () => {
    const d = await as('individual_driver');
    expect((await d.get('/api/background-check')).body).toEqual({ check: null });
    const queued = nextEvent(adminSocket, 'admin:background-checks-changed', (p) => p.reason === 'submitted');
    const res = await d.post(
      '/api/background-check',
      backgroundCheckForm({
        ssn: SSN,
        hasAccidents: true,
        accidentsDetails: 'Rear-ended at a light, 2019, no injuries',
        movingViolationsDetails: 'typed, then the box unticked',
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      userId: d.user!.id,
      fullName: 'Dana Driver',
      dateOfBirth: '1988-04-12',
      ssnLast4: '9999',
      state: 'NV',
      hasAccidents: true,
      accidentsDetails: 'Rear-ended at a light, 2019, no injuries',
      hasMovingViolations: false,
      movingViolationsDetails: null,
      consentToBackgroundCheck: true,
      consentToRecordCheck: true,
      status: 'pending',
      rejectionReason: null,
    });
    expect(res.body).not.toHaveProperty('ssn');
    expect(res.body).not.toHaveProperty('ssnEncrypted');
    const event = await queued;
    expect(event).toMatchObject({ checkId: res.body.id, added: { id: res.body.id, ssnLast4: '9999' } });
    expect(event.added?.userEmail).toBe(d.user!.email);
    expect((await d.get('/api/background-check')).body.check).toMatchObject({
      id: res.body.id,
      status: 'pending',
    });

    // At rest: the raw document holds no plaintext SSN; its ciphertext opens only for this driver.
    const raw = await mongoose.connection
      .db!.collection('backgroundchecks')
      .findOne({ _id: new Types.ObjectId(res.body.id) });
    expect(leaks(JSON.stringify(raw))).toBe(false);
    expect(Object.keys(raw!)).not.toContain('ssn');
    expect(raw!.ssnLast4).toBe('9999');
    expect(decryptField(raw!.ssnEncrypted, ssnContext(d.user!.id))).toBe(SSN_DIGITS);
    expect(() => decryptField(raw!.ssnEncrypted, ssnContext(admin.user!.id))).toThrow();

    // One check per driver: not again while it is in review.
    const again = await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN }));
    expect(again.status).toBe(409);
    expect(await checksOf(d)).toBe(1);
  });
});

describe('the admin review', () => {
  it('lists pending checks to admins only, approves or rejects with a reason, live to the driver', async () => {
    const d = await as('individual_driver');
    const driverSocket = await listened(d);
    const submitted = (await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN }))).body;

    const queue = await admin.get('/api/admin/background-checks?page=1&pageSize=50');
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ page: 1, pageSize: 50 });
    const listed = queue.body.items.find((c: { id: string }) => c.id === submitted.id);
    expect(listed).toMatchObject({
      fullName: 'Dana Driver',
      ssnLast4: '9999',
      userEmail: d.user!.email,
      consentToBackgroundCheck: true,
      consentToRecordCheck: true,
    });
    expect((await d.get('/api/admin/background-checks')).status).toBe(403);
    expect(
      (await d.post(`/api/admin/background-checks/${submitted.id}/review`, { status: 'approved' })).status,
    ).toBe(403);

    // Reject needs a reason; a refused review changes nothing.
    for (const body of [
      { status: 'rejected' },
      { status: 'rejected', rejectionReason: '  ' },
      { status: 'maybe' },
    ]) {
      expect((await admin.post(`/api/admin/background-checks/${submitted.id}/review`, body)).status).toBe(
        400,
      );
    }
    expect((await BackgroundCheckModel.findById(submitted.id).lean())!.status).toBe('pending');

    const told = nextEvent(driverSocket, 'backgroundCheck:reviewed', (p) => p.check.id === submitted.id);
    const left = nextEvent(
      adminSocket,
      'admin:background-checks-changed',
      (p) => p.checkId === submitted.id && p.reason === 'reviewed',
    );
    const rejected = await admin.post(`/api/admin/background-checks/${submitted.id}/review`, {
      status: 'rejected',
      rejectionReason: 'The name does not match your license',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The name does not match your license',
      reviewedBy: admin.user!.id,
    });
    expect((await told).check).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The name does not match your license',
    });
    expect((await left).added).toBeNull();
    // Decided once: a second review is a 409.
    expect(
      (await admin.post(`/api/admin/background-checks/${submitted.id}/review`, { status: 'approved' }))
        .status,
    ).toBe(409);
    expect(
      (await admin.get('/api/admin/background-checks?pageSize=100')).body.items.map(
        (c: { id: string }) => c.id,
      ),
    ).not.toContain(submitted.id);

    // A rejected check is corrected and submitted again: back to pending, the same check, the reason cleared.
    const resubmitted = await d.post(
      '/api/background-check',
      backgroundCheckForm({ ssn: SSN, fullName: 'Dana Q. Driver' }),
    );
    expect(resubmitted.status, resubmitted.text).toBe(201);
    expect(resubmitted.body).toMatchObject({
      id: submitted.id,
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
      fullName: 'Dana Q. Driver',
    });

    const approvedLive = nextEvent(
      driverSocket,
      'backgroundCheck:reviewed',
      (p) => p.check.status === 'approved',
    );
    const approved = await admin.post(`/api/admin/background-checks/${submitted.id}/review`, {
      status: 'approved',
      rejectionReason: 'ignored',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', rejectionReason: null });
    expect((await approvedLive).check.id).toBe(submitted.id);
    expect((await d.get('/api/background-check')).body.check.status).toBe('approved');
    expect((await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN }))).status).toBe(409);
    expect(
      (
        await admin.post('/api/admin/background-checks/000000000000000000000000/review', {
          status: 'approved',
        })
      ).status,
    ).toBe(404);
  });

  it('two admins deciding at once: exactly one wins, round after round', async () => {
    const second = await client('admin@test.local');
    for (let round = 0; round < 6; round++) {
      const d = await as('individual_driver');
      const { id } = (await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN }))).body;
      const [a, b] = await Promise.all([
        admin.post(`/api/admin/background-checks/${id}/review`, { status: 'approved' }),
        second.post(`/api/admin/background-checks/${id}/review`, {
          status: 'rejected',
          rejectionReason: `round ${round}`,
        }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? a.body : b.body;
      const stored = await BackgroundCheckModel.findById(id).lean();
      expect(stored).toMatchObject({ status: winner.status, rejectionReason: winner.rejectionReason });
      // Issue 26: one fact for the submission, one for the winning decision, none for the loser's.
      expect(await factsAbout('backgroundCheck.submitted', id)).toBe(1);
      expect(await factsAbout('backgroundCheck.reviewed', id)).toBe(1);
    }
    // Replaying the projector from the start of the log queues no decision's notice twice (one per fact).
    await app.rt.projectors.drain();
    const decisions = await DomainEventModel.countDocuments({
      name: 'backgroundCheck.reviewed',
      state: 'recorded',
    });
    expect(decisions).toBeGreaterThanOrEqual(6);
    expect(await queuedNotices()).toBe(decisions);
    await rewindProjector('background-checks', 0);
    await app.rt.projectors.drain();
    expect(await queuedNotices()).toBe(decisions);
  });
});

describe('the small-shipment offer gate', () => {
  it('a driver offers only with an approved check, and customers see "background checked" on the offer', async () => {
    const customer = await as('individual_customer');
    const posted = await customer.post('/api/small-shipments', {
      title: 'Bike to Austin',
      itemDescription: 'bike',
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Austin',
      destinationState: 'TX',
      offerPrice: '150',
    });
    expect(posted.status, posted.text).toBe(201);
    const d = await as('individual_driver');
    const offer = () => d.post(`/api/small-shipments/${posted.body.id}/offers`, { price: 140 });

    const refused = await offer();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: BACKGROUND_CHECK_REQUIRED_MESSAGE });
    expect(refused.body.details[0]).toMatchObject({ reason: 'background_check_required', status: null });

    const { id } = (await d.post('/api/background-check', backgroundCheckForm({ ssn: SSN }))).body;
    const pending = await offer();
    expect(pending.status).toBe(403);
    expect(pending.body.details[0]).toMatchObject({ status: 'pending' });

    expect(
      (await admin.post(`/api/admin/background-checks/${id}/review`, { status: 'approved' })).status,
    ).toBe(200);
    const made = await offer();
    expect(made.status, made.text).toBe(201);
    expect(made.body.driverBackgroundChecked).toBe(true);

    const mine = (await customer.get('/api/small-shipments')).body.items[0];
    expect(mine.offers).toHaveLength(1);
    expect(mine.offers[0]).toMatchObject({ driverId: d.user!.id, driverBackgroundChecked: true });

    // The seeded test driver is approved from the start (as the other test accounts are seeded verified).
    const seeded = await client('driver@test.local');
    expect((await seeded.get('/api/background-check')).body.check).toMatchObject({
      status: 'approved',
      ssnLast4: '1120',
    });
    expect((await seeded.post(`/api/small-shipments/${posted.body.id}/offers`, { price: 145 })).status).toBe(
      201,
    );
  });
});

describe('the SSN never leaves the server', () => {
  it('is blanked out of log lines, whatever quotes it', async () => {
    const from = logLines.length;
    app.rt.log.error('Unhandled error', new Error(`Cast failed for value "${SSN}"`));
    app.rt.log.warn(`request body ${SSN_DIGITS}`, { body: { ssn: SSN, nested: [{ socialSsn: 'x' }] } });
    app.rt.log.debug('a quoted value', { text: `the number ${SSN} inside` });
    const lines = logLines.slice(from).join('\n');
    expect(lines).toContain('[redacted]');
    expect(lines).toContain('Unhandled error');
    expect(leaks(lines)).toBe(false);
  });

  it('appears in no answer, socket payload or log line of this whole file', () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter(leaks)).toEqual([]);
    expect(logLines.filter(leaks)).toEqual([]);
  });
});
