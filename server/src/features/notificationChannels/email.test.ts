import { QUEUES, type NotificationPreferencesDto } from '@freight/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, startTestMailbox, type TestApp, type TestClient } from '@test/helpers';
import { getQueue } from '../../queues';
import { postLoad, verifiedClient } from '../freight/testUtils';
import { MailOutboxModel } from '../mail/model';
import { NotificationModel, toNotificationDto, type Notification } from '../notifications/model';
import { notify } from '../notifications/service';
import { signedDelivery } from '../tracking/testing';
import { sendNotificationEmail } from './delivery';
import { fanOutNotification } from './fanout';
import { DigestEntryModel } from './model';

/**
 * Issue 27: the email form of notifications. A real SMTP server on loopback receives the mail; mailparser reads it.
 */
let app: TestApp;
let box: Awaited<ReturnType<typeof startTestMailbox>>;
beforeAll(async () => {
  box = await startTestMailbox();
  app = await startTestApp({ workers: true, env: { SMTP_URL: box.url, RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
  await box?.stop();
});

/** A 1×1 PNG: a delivery photo, which the proof of delivery embeds. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Every queued notification, email and push job has run. */
const settled = () =>
  eventually(async () => {
    for (const q of [QUEUES.notifications, QUEUES.mail, QUEUES.push, QUEUES.digests]) {
      const counts = await getQueue(q).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).some((n) => n > 0)) return false;
    }
    return true;
  }, 60_000);

const prefsOf = async (c: TestClient) =>
  (await c.get('/api/notification-preferences')).body as NotificationPreferencesDto;

/** A shipper's load booked to the carrier by approving its request; returns the load id. */
async function bookedLoad(shipper: TestClient, carrier: TestClient): Promise<string> {
  const load = await postLoad(shipper, { title: 'Steel coils' });
  const asked = await carrier.post(`/api/freight/${load.id}/book`, { message: 'Ready' });
  expect(asked.status).toBe(201);
  const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
    status: 'approved',
  });
  expect(approved.status).toBe(200);
  return load.id;
}

describe('the email of a notification', () => {
  it('booking: subject, text and HTML bodies, an absolute link to the exact screen, one-click unsubscribe headers, the rate confirmation attached', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const carrier = await verifiedClient(app, 'carrier');
    const loadId = await bookedLoad(shipper, carrier);

    const asked = await box.next(shipper.user!.email, /^New booking request$/);
    expect(asked.text).toContain('wants to book Steel coils');
    expect(asked.text).toContain(`${app.url}/loads/${loadId}`);

    const mail = await box.next(carrier.user!.email, /^Booking request approved$/);
    expect(mail.text).toContain('Steel coils is booked to you');
    expect(mail.text).toContain(`Open the load: ${app.url}/tracking/${loadId}`);
    expect(mail.html).toContain(`href="${app.url}/tracking/${loadId}"`);
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'])?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${app.url}/unsubscribe\\?`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `rate-confirmation-${loadId.slice(-6).toUpperCase()}.pdf`,
    ]);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('delivery: the status email carries the proof of delivery', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const carrier = await verifiedClient(app, 'carrier');
    const loadId = await bookedLoad(shipper, carrier);
    expect((await carrier.post(`/api/freight/${loadId}/status`, { status: 'in_transit' })).status).toBe(200);
    const photo = await carrier
      .raw('post', `/api/freight/${loadId}/photos`)
      .field('photoType', 'delivery')
      .attach('photo', ONE_PIXEL_PNG, { filename: 'dock.png', contentType: 'image/png' });
    expect(photo.status).toBe(201);
    await carrier.post(`/api/freight/${loadId}/location`, { latitude: 32.8, longitude: -96.85 }); // Dallas
    expect((await carrier.post(`/api/freight/${loadId}/status`, signedDelivery())).status).toBe(200);
    const mail = await box.next(shipper.user!.email, /^Load has been delivered$/);
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `proof-of-delivery-${loadId.slice(-6).toUpperCase()}.pdf`,
    ]);
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.text).toContain(`${app.url}/tracking/${loadId}`);
  });

  it('security messages carry no unsubscribe link', async () => {
    const c = await verifiedClient(app, 'carrier');
    await request(app.url).post('/api/auth/forgot-password').send({ email: c.user!.email });
    const mail = await box.next(c.user!.email, /Reset your FreightConnect password/);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('is sent once however often its fan-out and its job run', async () => {
    const c = await verifiedClient(app, 'carrier');
    await notify({
      userId: c.user!.id,
      kind: 'general',
      title: 'Once only',
      dedupeKey: `once-${c.user!.id}`,
    });
    await box.next(c.user!.email, /^Once only$/);
    const stored = await NotificationModel.findOne({ dedupeKey: `once-${c.user!.id}` }).lean<Notification>();
    await fanOutNotification(toNotificationDto(stored!));
    await fanOutNotification(toNotificationDto(stored!));
    expect(await sendNotificationEmail(app.config, String(stored!._id))).toBe('skipped');
    // A later email proves the queue went past the repeats.
    await notify({ userId: c.user!.id, kind: 'general', title: 'After the repeats' });
    await box.next(c.user!.email, /^After the repeats$/);
    await settled();
    expect(box.to(c.user!.email).filter((m) => m.subject === 'Once only')).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('defaults: work news by email, the welcome in the app only, alerts in an hourly digest', async () => {
    const c = await verifiedClient(app, 'carrier');
    const prefs = await prefsOf(c);
    expect(prefs.kinds.booking_reviewed).toEqual({ email: true, push: true });
    expect(prefs.kinds.welcome).toEqual({ email: false, push: false });
    expect(prefs.savedSearchFrequency).toBe('hourly');
    await settled();
    expect(box.to(c.user!.email).some((m) => /Welcome/.test(m.subject))).toBe(false);
  });

  it('email off for a kind: the in-app notification is stored, no email goes out; other kinds still do', async () => {
    const c = await verifiedClient(app, 'carrier');
    const put = await c.put('/api/notification-preferences', { kinds: { negotiation: { email: false } } });
    expect(put.status).toBe(200);
    expect(put.body.kinds.negotiation).toEqual({ email: false, push: true });
    await notify({ userId: c.user!.id, kind: 'negotiation', title: 'Counter offer received' });
    await notify({ userId: c.user!.id, kind: 'document_reviewed', title: 'Insurance approved' });
    await box.next(c.user!.email, /^Insurance approved$/);
    await settled();
    expect(
      await NotificationModel.countDocuments({ userId: c.user!.id, title: 'Counter offer received' }),
    ).toBe(1);
    expect(box.to(c.user!.email).some((m) => m.subject === 'Counter offer received')).toBe(false);
  });

  it('bad input is a 400 naming the field, and nothing changes', async () => {
    const c = await verifiedClient(app, 'carrier');
    const before = await prefsOf(c);
    for (const body of [
      { kinds: { not_a_kind: { email: false } } },
      { kinds: { negotiation: { email: 'no' } } },
      { kinds: { negotiation: { sms: true } } },
      { savedSearchFrequency: 'weekly' },
      { extra: 1 },
    ]) {
      const res = await c.put('/api/notification-preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await prefsOf(c)).toEqual(before);
    expect((await app.client().get('/api/notification-preferences')).status).toBe(401);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('GET shows a confirm page and changes nothing; POST turns that kind’s email off; a changed link is a 400 page', async () => {
    const c = await verifiedClient(app, 'carrier');
    await notify({ userId: c.user!.id, kind: 'document_reviewed', title: 'Authority approved' });
    const mail = await box.next(c.user!.email, /^Authority approved$/);
    const url = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1]);
    const target = url.pathname + url.search;
    expect(mail.text).toContain(url.toString());

    const page = await request(app.url).get(target);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect((await prefsOf(c)).kinds.document_reviewed.email).toBe(true);

    const tampered = target.replace('k=document_reviewed', 'k=negotiation');
    const refused = await request(app.url).post(tampered).type('form').send('List-Unsubscribe=One-Click');
    expect(refused.status).toBe(400);
    expect((await prefsOf(c)).kinds.negotiation.email).toBe(true);

    // As a mail client sends it: no session, no Origin.
    const done = await request(app.url).post(target).type('form').send('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.text).toMatch(/no longer get emails about <strong>document reviews/);
    expect((await prefsOf(c)).kinds.document_reviewed).toEqual({ email: false, push: true });

    await notify({ userId: c.user!.id, kind: 'document_reviewed', title: 'Insurance approved again' });
    await notify({ userId: c.user!.id, kind: 'general', title: 'Control message' });
    await box.next(c.user!.email, /^Control message$/);
    await settled();
    expect(box.to(c.user!.email).some((m) => m.subject === 'Insurance approved again')).toBe(false);
  });
});

describe('saved-search digests', () => {
  it('hourly: alerts wait, then one email lists them all and they are done', async () => {
    const c = await verifiedClient(app, 'carrier');
    for (const city of ['Denver', 'Omaha']) {
      await notify({
        userId: c.user!.id,
        kind: 'saved_search_match',
        title: `New load matches "Chicago to ${city}"`,
        link: `/freight?load=${city}`,
      });
    }
    await eventually(
      async () => (await DigestEntryModel.countDocuments({ userId: c.user!.id, frequency: 'hourly' })) === 2,
    );
    await settled();
    expect(box.to(c.user!.email).some((m) => /New load matches/.test(m.subject))).toBe(false);

    await getQueue(QUEUES.digests).add('hourly', {});
    const digest = await box.next(c.user!.email, /2 new loads match your saved searches \(hourly digest\)/);
    expect(digest.text).toContain('Chicago to Denver');
    expect(digest.text).toContain(`${app.url}/freight?load=Omaha`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Done once sent: the entries go right after the email.
    await eventually(async () => (await DigestEntryModel.countDocuments({ userId: c.user!.id })) === 0);
    await settled();
    expect(box.to(c.user!.email).filter((m) => /digest/.test(m.subject))).toHaveLength(1);
  });

  it('instant: each alert is its own email', async () => {
    const c = await verifiedClient(app, 'carrier');
    expect((await c.put('/api/notification-preferences', { savedSearchFrequency: 'instant' })).status).toBe(
      200,
    );
    await notify({ userId: c.user!.id, kind: 'saved_search_match', title: 'New load matches "Reefer west"' });
    await box.next(c.user!.email, /^New load matches "Reefer west"$/);
  });
});

describe('a mailbox that refuses mail', () => {
  it('keeps the in-app notification; the outbox says failed and the job is retried', async () => {
    const c = await verifiedClient(app, 'carrier');
    box.refuse = true;
    try {
      await notify({ userId: c.user!.id, kind: 'general', title: 'Refused by the mailbox' });
      const stored = await eventually(() =>
        NotificationModel.findOne({
          userId: c.user!.id,
          title: 'Refused by the mailbox',
        }).lean<Notification>(),
      );
      await eventually(
        async () =>
          (await MailOutboxModel.findOne({ dedupeKey: `notification:${String(stored._id)}` }).lean())
            ?.status === 'failed',
      );
    } finally {
      box.refuse = false;
    }
  });
});
