import type { PushPayload, PushSubscriptionInput } from '@freight/shared';
import { Types } from 'mongoose';
import webpush from 'web-push';
import { badRequest } from '../../http/errors';
import { decryptField, encryptField } from '../../infra/fieldEncryption';
import { fromInfrastructure } from '../../infra/services';
import { PushOutboxModel, PushSubscriptionModel, VapidKeyModel } from './model';

const VAPID_ID = 'vapid';
const SEAL_CONTEXT = 'vapid:private';

/** The pair once read, for the runtime it was read under (its database and its field key). */
const cache = fromInfrastructure(() => ({ keys: null as { publicKey: string; privateKey: string } | null }));

/**
 * The server's VAPID key pair (issue 27): made by the first process that needs it and kept in the database, so every
 * web and worker process signs with the same pair and browsers' subscriptions survive restarts. The private key is
 * sealed with the field key; two processes that make one at once keep the first stored.
 */
export async function vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const cached = cache();
  if (cached.keys) return cached.keys;
  let stored = await VapidKeyModel.findById(VAPID_ID).lean<{ publicKey: string; privateKeySealed: string }>();
  if (!stored) {
    const made = webpush.generateVAPIDKeys();
    try {
      await VapidKeyModel.create({
        _id: VAPID_ID,
        publicKey: made.publicKey,
        privateKeySealed: encryptField(made.privateKey, SEAL_CONTEXT),
      });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    stored = await VapidKeyModel.findById(VAPID_ID).lean<{ publicKey: string; privateKeySealed: string }>();
    if (!stored) throw new Error('VAPID keys could not be stored');
  }
  cached.keys = {
    publicKey: stored.publicKey,
    privateKey: decryptField(stored.privateKeySealed, SEAL_CONTEXT),
  };
  return cached.keys;
}

/**
 * Push services are reached over HTTPS; plain http endpoints are accepted outside production only (a local test
 * receiver). Anything else is refused at the edge, so the server never posts to a URL a user chose freely.
 */
function checkEndpoint(endpoint: string, production: boolean) {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && !production) return;
  throw badRequest('The push endpoint must be an https URL', [
    { path: ['endpoint'], message: 'must be an https URL' },
  ]);
}

/** POST /api/push/subscriptions: this device receives the user's pushes (again, if it was someone else's). */
export async function savePushSubscription(
  userId: string,
  sub: PushSubscriptionInput,
  device: string,
  production: boolean,
): Promise<{ ok: true }> {
  checkEndpoint(sub.endpoint, production);
  await PushSubscriptionModel.updateOne(
    { endpoint: sub.endpoint },
    {
      $set: {
        userId: new Types.ObjectId(userId),
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        device: device.slice(0, 200),
      },
    },
    { upsert: true },
  );
  return { ok: true };
}

/** DELETE /api/push/subscriptions: this device stops receiving the user's pushes. */
export async function removePushSubscription(
  userId: string,
  endpoint: string,
): Promise<{ removed: boolean }> {
  const res = await PushSubscriptionModel.deleteOne({ endpoint, userId: new Types.ObjectId(userId) });
  return { removed: res.deletedCount > 0 };
}

/** How many devices receive the user's pushes. */
export function countPushSubscriptions(userId: string): Promise<number> {
  return PushSubscriptionModel.countDocuments({ userId: new Types.ObjectId(userId) });
}

export interface PushJob {
  dedupeKey: string;
  userId: string;
  payload: PushPayload;
}

/** How long a push service keeps a message for a device that is off (a day: older news is in the app). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The push job (worker role): sends the payload, encrypted for each device (RFC 8291, aes128gcm) and signed with the
 * VAPID key, to each of the user's subscriptions it has not reached yet. A subscription the push service says is
 * gone (404, 410) is removed. Any other failure throws after the others were tried, so BullMQ retries only the
 * devices missed.
 */
export async function deliverPush(
  job: PushJob,
  opts: { subject: string },
): Promise<{ sent: number; removed: number }> {
  const userId = new Types.ObjectId(job.userId);
  await PushOutboxModel.updateOne(
    { dedupeKey: job.dedupeKey },
    { $setOnInsert: { userId, reached: [] } },
    { upsert: true },
  );
  const outbox = await PushOutboxModel.findOne({ dedupeKey: job.dedupeKey }).lean<{ reached: string[] }>();
  const reached = new Set(outbox?.reached ?? []);
  const subs = await PushSubscriptionModel.find({ userId }).lean();
  const keys = await vapidKeys();
  const body = JSON.stringify(job.payload);
  let sent = 0;
  let removed = 0;
  const failures: string[] = [];
  for (const sub of subs) {
    const id = String(sub._id);
    if (reached.has(id)) continue;
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      {
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        vapidDetails: { subject: opts.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      },
    );
    let status: number;
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body as Buffer),
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      failures.push(`${new URL(sub.endpoint).host}: ${(err as Error).message}`);
      continue;
    }
    if (status === 404 || status === 410) {
      await PushSubscriptionModel.deleteOne({ _id: sub._id });
      removed++;
    } else if (status >= 200 && status < 300) {
      sent++;
      await PushOutboxModel.updateOne({ dedupeKey: job.dedupeKey }, { $addToSet: { reached: id } });
      await PushSubscriptionModel.updateOne({ _id: sub._id }, { $set: { lastSuccessAt: new Date() } });
    } else {
      failures.push(`${new URL(sub.endpoint).host}: HTTP ${status}`);
    }
  }
  if (failures.length) throw new Error(`push not delivered to ${failures.join('; ')}`);
  return { sent, removed };
}

/** The VAPID subject: PUBLIC_URL when it is https, else the From address of the product's email. */
export function vapidSubject(config: { PUBLIC_URL?: string; MAIL_FROM: string }): string {
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}
