import { QUEUES, type PushPayload } from '@freight/shared';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { getQueue } from '../../queues';
import { verifiedClient } from '../freight/testUtils';
import { NotificationModel, toNotificationDto, type Notification } from '../notifications/model';
import { notify } from '../notifications/service';
import { fanOutNotification } from './fanout';
import { PushSubscriptionModel, VapidKeyModel } from './model';

/**
 * Issue 27: web push. Each test device is a P-256 key pair of its own with an auth secret, its endpoint a local HTTP
 * receiver standing in for the push service; what arrives is decrypted here (RFC 8291, aes128gcm) and its VAPID
 * signature (RFC 8292) checked.
 */
let app: TestApp;
let receiver: http.Server;
let base = '';
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
/** What the push service answers per endpoint path (201 unless set). */
const answers = new Map<string, number>();

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? '') ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A browser's subscription: its own ECDH key pair and auth secret, its endpoint on the local receiver. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomBytes(6).toString('hex')}`;
  return {
    ecdh,
    auth,
    path,
    subscription: {
      endpoint: `${base}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
/** HKDF-Expand of one block (all RFC 8291 needs: at most 32 bytes). */
const expand = (prk: Buffer, info: Buffer, length: number) =>
  hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** RFC 8291 (with RFC 8188's aes128gcm): the user agent's side, decrypting one single-record message. */
function decrypt(body: Buffer, ua: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic]);
  const ikm = expand(prkKey, keyInfo, 32);
  const prk = hmac(salt, ikm);
  const cek = expand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = expand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header: `vapid t=<ES256 JWT>, k=<public key>`, signed by that key, for the endpoint's origin. */
function checkVapid(headers: http.IncomingHttpHeaders, publicKey: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(m).not.toBeNull();
  const [token, k] = [m![1], m![2]];
  expect(k).toBe(publicKey);
  const [header, claims, signature] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string };
  expect(body.aud).toBe(base);
  expect(body.sub).toMatch(/^mailto:/);
}

const arrivedAt = (path: string) => received.filter((r) => r.path === path);

/** Every queued notification and push job has run. */
const settled = () =>
  eventually(async () => {
    for (const q of [QUEUES.notifications, QUEUES.push]) {
      const counts = await getQueue(q).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).some((n) => n > 0)) return false;
    }
    return true;
  }, 60_000);

async function subscribed(c: TestClient, d = device()) {
  const res = await c.post('/api/push/subscriptions', d.subscription);
  expect(res.status).toBe(201);
  return d;
}

describe('web push', () => {
  it('a notification reaches the device encrypted for it and signed with the server key; the payload opens its screen', async () => {
    const c = await verifiedClient(app, 'shipper');
    const d = await subscribed(c);
    const { publicKey } = (await app.client().get('/api/push/public-key')).body as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    await notify({
      userId: c.user!.id,
      kind: 'booking_requested',
      title: 'New booking request',
      body: 'Acme Freight wants to book Steel coils.',
      link: '/loads/0123456789abcdef01234567',
    });
    const [push] = await eventually(async () => arrivedAt(d.path).length > 0 && arrivedAt(d.path));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    checkVapid(push.headers, publicKey);
    const payload = JSON.parse(decrypt(push.body, d)) as PushPayload;
    const stored = await NotificationModel.findOne({ userId: c.user!.id, kind: 'booking_requested' }).lean();
    expect(payload).toEqual({
      title: 'New booking request',
      body: 'Acme Freight wants to book Steel coils.',
      url: '/loads/0123456789abcdef01234567',
      tag: `n-${String(stored!._id)}`,
    });
  });

  it('the VAPID key pair is made once and kept in the database, its private key sealed', async () => {
    const first = (await app.client().get('/api/push/public-key')).body.publicKey;
    const second = (await app.client().get('/api/push/public-key')).body.publicKey;
    expect(second).toBe(first);
    const stored = await VapidKeyModel.find().lean();
    expect(stored).toHaveLength(1);
    expect(stored[0].publicKey).toBe(first);
    expect(stored[0].privateKeySealed).toMatch(/^v1\./);
  });

  it('push off for a kind: nothing is pushed for it, other kinds still are', async () => {
    const c = await verifiedClient(app, 'carrier');
    const d = await subscribed(c);
    const put = await c.put('/api/notification-preferences', { kinds: { negotiation: { push: false } } });
    expect(put.status).toBe(200);
    await notify({ userId: c.user!.id, kind: 'negotiation', title: 'Counter offer received' });
    await notify({ userId: c.user!.id, kind: 'booking_reviewed', title: 'Booking request approved' });
    await eventually(async () => arrivedAt(d.path).length > 0);
    await settled();
    const titles = arrivedAt(d.path).map((r) => (JSON.parse(decrypt(r.body, d)) as PushPayload).title);
    expect(titles).toEqual(['Booking request approved']);
    expect(
      await NotificationModel.countDocuments({ userId: c.user!.id, title: 'Counter offer received' }),
    ).toBe(1);
  });

  it('a repeated fan-out pushes once', async () => {
    const c = await verifiedClient(app, 'carrier');
    const d = await subscribed(c);
    await notify({
      userId: c.user!.id,
      kind: 'general',
      title: 'Only once',
      dedupeKey: `push-once-${c.user!.id}`,
    });
    await eventually(async () => arrivedAt(d.path).length > 0);
    const stored = await NotificationModel.findOne({
      dedupeKey: `push-once-${c.user!.id}`,
    }).lean<Notification>();
    await fanOutNotification(toNotificationDto(stored!));
    await notify({ userId: c.user!.id, kind: 'general', title: 'Control' });
    await eventually(async () => arrivedAt(d.path).length > 1);
    await settled();
    const titles = arrivedAt(d.path).map((r) => (JSON.parse(decrypt(r.body, d)) as PushPayload).title);
    expect(titles.sort()).toEqual(['Control', 'Only once']);
  });

  it('a subscription the push service says is gone (410) or unknown (404) is removed; the others still get the push', async () => {
    const c = await verifiedClient(app, 'carrier');
    const gone = await subscribed(c);
    const missing = await subscribed(c);
    const live = await subscribed(c);
    answers.set(gone.path, 410);
    answers.set(missing.path, 404);
    expect(await PushSubscriptionModel.countDocuments({ userId: c.user!.id })).toBe(3);
    await notify({ userId: c.user!.id, kind: 'booking_reviewed', title: 'Booking request approved' });
    await eventually(async () => arrivedAt(live.path).length > 0);
    await eventually(async () => (await PushSubscriptionModel.countDocuments({ userId: c.user!.id })) === 1);
    const left = await PushSubscriptionModel.find({ userId: c.user!.id }).lean();
    expect(left.map((s) => s.endpoint)).toEqual([live.subscription.endpoint]);
    expect(arrivedAt(gone.path)).toHaveLength(1);
    expect(arrivedAt(missing.path)).toHaveLength(1);
  });

  it('turning push off on a device removes its subscription; bad subscriptions are a 400 and store nothing', async () => {
    const c = await verifiedClient(app, 'carrier');
    const d = await subscribed(c);
    const other = await verifiedClient(app, 'carrier');
    // Someone else cannot remove it.
    expect(
      (await other.raw('delete', '/api/push/subscriptions').send({ endpoint: d.subscription.endpoint })).body,
    ).toEqual({ removed: false });
    const removed = await c
      .raw('delete', '/api/push/subscriptions')
      .send({ endpoint: d.subscription.endpoint });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
    expect(await PushSubscriptionModel.countDocuments({ userId: c.user!.id })).toBe(0);

    const good = device().subscription;
    for (const bad of [
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, auth: 'short' } },
      { endpoint: good.endpoint },
    ]) {
      const res = await c.post('/api/push/subscriptions', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await PushSubscriptionModel.countDocuments({ userId: c.user!.id })).toBe(0);
    expect((await app.client().post('/api/push/subscriptions', good)).status).toBe(401);
  });
});
