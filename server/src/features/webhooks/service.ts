import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  QUEUES,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_SECRET_OVERLAP_MS,
  type createWebhookEndpointSchema,
  type updateWebhookEndpointSchema,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEndpointWithSecretDto,
  type WebhookEvent,
} from '@freight/shared';
import type { JobsOptions } from 'bullmq';
import { Types } from 'mongoose';
import { Webhook } from 'standardwebhooks';
import type { z } from 'zod';
import { recordFact } from '../../events/record';
import { conflict, notFound } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { decryptField, encryptField } from '../../infra/fieldEncryption';
import { enqueue } from '../../queues';
import { assertManagesIntegrations, companyIdOf } from '../apiKeys/service';
import type { UserDoc } from '../users/model';
import { BlockedTargetError, assertWebhookTarget, guardedPost } from './ssrf';
import {
  WebhookDeliveryModel,
  WebhookEndpointModel,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './model';

/**
 * Webhook endpoints and deliveries (issue 30). Retries: BullMQ's exponential backoff, 17 attempts from 1.32 s, which
 * spans a day (1.32 s × (2^16 − 1) ≈ 24 h) before a delivery is given up as failed.
 */
export const WEBHOOK_JOB_OPTIONS: JobsOptions = {
  attempts: 17,
  backoff: { type: 'exponential', delay: 1320 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

const sealContext = (endpointId: unknown) => `webhookEndpoint:${String(endpointId)}:secret`;
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

function toDto(e: WebhookEndpoint): WebhookEndpointDto {
  const previous = e.secrets.filter((s) => s.expiresAt);
  const lastExpiry = previous.map((s) => new Date(s.expiresAt!).getTime()).sort((a, b) => b - a)[0];
  return {
    id: String(e._id),
    url: e.url,
    description: e.description ?? '',
    events: e.events as WebhookEvent[],
    status: e.status as WebhookEndpointDto['status'],
    disabledReason: e.disabledReason ?? null,
    failingSince: iso(e.failingSince),
    previousSecretExpiresAt:
      lastExpiry && lastExpiry > Date.now() ? new Date(lastExpiry).toISOString() : null,
    createdAt: new Date(e.createdAt).toISOString(),
  };
}

function toDeliveryDto(d: WebhookDelivery): WebhookDeliveryDto {
  return {
    id: d._id,
    endpointId: String(d.endpointId),
    event: d.event as WebhookEvent,
    loadId: d.loadId ?? null,
    status: d.status as WebhookDeliveryDto['status'],
    attempts: (d.attempts ?? []).map((a) => ({
      at: new Date(a.at!).toISOString(),
      status: a.status ?? null,
      durationMs: a.durationMs ?? 0,
      excerpt: a.excerpt ?? '',
    })),
    createdAt: new Date(d.createdAt).toISOString(),
    deliveredAt: iso(d.deliveredAt),
  };
}

async function companyEndpoint(user: UserDoc, id: string): Promise<WebhookEndpoint> {
  assertManagesIntegrations(user);
  const found = Types.ObjectId.isValid(id)
    ? await WebhookEndpointModel.findById(id).lean<WebhookEndpoint>()
    : null;
  if (!found || found.deleted || String(found.companyId) !== companyIdOf(user)) {
    throw notFound('Webhook endpoint not found');
  }
  return found;
}

export async function createEndpoint(
  user: UserDoc,
  input: z.output<typeof createWebhookEndpointSchema>,
): Promise<WebhookEndpointWithSecretDto> {
  assertManagesIntegrations(user);
  await assertWebhookTarget(input.url);
  const companyId = companyIdOf(user);
  return withAggregate('company', companyId, async () => {
    const count = await WebhookEndpointModel.countDocuments({
      companyId: new Types.ObjectId(companyId),
      deleted: false,
    });
    if (count >= MAX_WEBHOOK_ENDPOINTS) {
      throw conflict(`A company registers at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    }
    const _id = new Types.ObjectId();
    const secret = newSecret();
    const doc = await WebhookEndpointModel.create({
      _id,
      companyId: new Types.ObjectId(companyId),
      createdBy: user._id,
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      secrets: [{ sealed: encryptField(secret, sealContext(_id)), createdAt: new Date(), expiresAt: null }],
    });
    return { endpoint: toDto(doc.toObject() as WebhookEndpoint), secret };
  });
}

export async function listEndpoints(user: UserDoc): Promise<WebhookEndpointDto[]> {
  assertManagesIntegrations(user);
  const found = await WebhookEndpointModel.find({ companyId: new Types.ObjectId(companyIdOf(user)) })
    .sort({ createdAt: -1 })
    .lean<WebhookEndpoint[]>();
  return found.filter((e) => !e.deleted).map(toDto);
}

export async function getEndpoint(user: UserDoc, id: string): Promise<WebhookEndpointDto> {
  return toDto(await companyEndpoint(user, id));
}

export async function updateEndpoint(
  user: UserDoc,
  id: string,
  input: z.output<typeof updateWebhookEndpointSchema>,
): Promise<WebhookEndpointDto> {
  await companyEndpoint(user, id);
  const updated = await withAggregate('webhookEndpoint', id, async () => {
    const set: Record<string, unknown> = {};
    if (input.events) set.events = input.events;
    if (input.enabled === true)
      Object.assign(set, { status: 'active', disabledReason: null, failingSince: null });
    if (input.enabled === false)
      Object.assign(set, { status: 'disabled', disabledReason: 'Disabled by a member' });
    return WebhookEndpointModel.findByIdAndUpdate(id, { $set: set }, { new: true }).lean<WebhookEndpoint>();
  });
  // Re-enabled: what waited while it was off goes out now.
  if (input.enabled === true) await kickPending(id);
  return toDto(updated!);
}

/** A new secret; the previous ones keep signing for WEBHOOK_SECRET_OVERLAP_MS (both signatures meanwhile). */
export async function rotateSecret(user: UserDoc, id: string): Promise<WebhookEndpointWithSecretDto> {
  await companyEndpoint(user, id);
  return withAggregate('webhookEndpoint', id, async () => {
    const current = (await WebhookEndpointModel.findById(id).lean<WebhookEndpoint>())!;
    const now = Date.now();
    const until = new Date(now + WEBHOOK_SECRET_OVERLAP_MS);
    const secret = newSecret();
    const secrets = [
      ...current.secrets
        .filter((s) => !s.expiresAt || new Date(s.expiresAt).getTime() > now)
        .map((s) => ({ ...s, expiresAt: s.expiresAt ?? until })),
      { sealed: encryptField(secret, sealContext(id)), createdAt: new Date(now), expiresAt: null },
    ];
    const updated = await WebhookEndpointModel.findByIdAndUpdate(
      id,
      { $set: { secrets } },
      { new: true },
    ).lean<WebhookEndpoint>();
    return { endpoint: toDto(updated!), secret };
  });
}

export async function deleteEndpoint(user: UserDoc, id: string): Promise<void> {
  await companyEndpoint(user, id);
  await withAggregate('webhookEndpoint', id, () =>
    WebhookEndpointModel.updateOne(
      { _id: new Types.ObjectId(id) },
      { $set: { deleted: true, status: 'disabled' } },
    ),
  );
}

export async function listDeliveries(
  user: UserDoc,
  endpointId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: WebhookDeliveryDto[]; page: number; pageSize: number; total: number }> {
  await companyEndpoint(user, endpointId);
  const filter = { endpointId: new Types.ObjectId(endpointId) };
  const [items, total] = await Promise.all([
    WebhookDeliveryModel.find(filter)
      .sort({ seq: -1 })
      .skip((page.page - 1) * page.pageSize)
      .limit(page.pageSize)
      .lean<WebhookDelivery[]>(),
    WebhookDeliveryModel.countDocuments(filter),
  ]);
  return { items: items.map(toDeliveryDto), ...page, total };
}

/** Sends a delivery again (same webhook-id), after the ones before it in its lane. */
export async function replayDelivery(user: UserDoc, deliveryId: string): Promise<WebhookDeliveryDto> {
  const found = await WebhookDeliveryModel.findById(deliveryId).lean<WebhookDelivery>();
  if (!found) throw notFound('Delivery not found');
  await companyEndpoint(user, String(found.endpointId)).catch(() => {
    throw notFound('Delivery not found');
  });
  const lane = laneKey(String(found.endpointId), found.lane);
  const updated = await withAggregate('webhookEndpoint', lane, () =>
    WebhookDeliveryModel.findByIdAndUpdate(
      deliveryId,
      { $set: { status: 'pending', deliveredAt: null } },
      { new: true },
    ).lean<WebhookDelivery>(),
  );
  await enqueueLane(String(found.endpointId), found.lane, `${deliveryId}-r${Date.now()}`);
  return toDeliveryDto(updated!);
}

// ---------------------------------------------------------------------------------------------------------------
// Deliveries: made by the projector, sent by the worker.

const laneKey = (endpointId: string, lane: string) => `${endpointId}:${lane}`;

export interface WebhookJob {
  endpointId: string;
  lane: string;
}

/** BullMQ job ids may not contain ':'. */
const jobIdOf = (s: string) => `wh-${createHash('sha1').update(s).digest('hex')}`;

export async function enqueueLane(endpointId: string, lane: string, why: string): Promise<void> {
  await enqueue<WebhookJob>(
    QUEUES.webhooks,
    'deliver',
    { endpointId, lane },
    {
      ...WEBHOOK_JOB_OPTIONS,
      jobId: jobIdOf(why),
    },
  );
}

async function kickPending(endpointId: string): Promise<void> {
  const lanes = await WebhookDeliveryModel.distinct('lane', {
    endpointId: new Types.ObjectId(endpointId),
    status: 'pending',
  });
  for (const lane of lanes)
    await enqueueLane(endpointId, String(lane), `${endpointId}-${lane}-${Date.now()}`);
}

/** The id (webhook-id) of an event's delivery to an endpoint: the same however often it is made. */
export const deliveryIdOf = (eventId: string, endpointId: string) =>
  `msg_${createHash('sha256').update(`${eventId}|${endpointId}`).digest('hex').slice(0, 32)}`;

/** Creates the delivery once (a replayed fact finds it) and asks the worker to send its lane. */
export async function scheduleDelivery(
  endpoint: WebhookEndpoint,
  d: { eventId: string; seq: number; event: WebhookEvent; loadId: string | null; body: string },
): Promise<void> {
  const _id = deliveryIdOf(d.eventId, String(endpoint._id));
  const lane = d.loadId ?? d.eventId;
  const res = await WebhookDeliveryModel.updateOne(
    { _id },
    {
      $setOnInsert: {
        _id,
        endpointId: endpoint._id,
        companyId: endpoint.companyId,
        event: d.event,
        eventId: d.eventId,
        seq: d.seq,
        lane,
        loadId: d.loadId,
        body: d.body,
        status: 'pending',
        attempts: [],
        deliveredAt: null,
      },
    },
    { upsert: true },
  );
  if (res.upsertedCount) await enqueueLane(String(endpoint._id), lane, _id);
}

/** The Standard Webhooks headers, signed with every live secret (two during a rotation's overlap). */
export function signatureHeaders(endpoint: WebhookEndpoint, id: string, body: string, at = new Date()) {
  const now = at.getTime();
  const live = endpoint.secrets.filter((s) => !s.expiresAt || new Date(s.expiresAt).getTime() > now);
  const signatures = live.map((s) =>
    new Webhook(decryptField(s.sealed!, sealContext(endpoint._id))).sign(id, at, body),
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now / 1000)),
    'webhook-signature': signatures.join(' '),
    'user-agent': 'FreightConnect-Webhooks/1',
  };
}

export class DeliveryFailed extends Error {}

/**
 * Sends the pending deliveries of one lane in order, under the lane's lease. The first that fails stops the lane
 * and throws (BullMQ retries with backoff); the ones after it wait, so a receiver sees a load's events in order.
 */
export async function deliverLane(job: WebhookJob, opts: { finalAttempt: boolean }): Promise<string> {
  const { endpointId, lane } = job;
  return withAggregate('webhookEndpoint', laneKey(endpointId, lane), async () => {
    const endpoint = await WebhookEndpointModel.findById(endpointId).lean<WebhookEndpoint>();
    if (!endpoint || endpoint.deleted) return 'endpoint gone';
    if (endpoint.status !== 'active') return 'endpoint disabled';
    const pending = await WebhookDeliveryModel.find({
      endpointId: endpoint._id,
      lane,
      status: 'pending',
    })
      .sort({ seq: 1 })
      .lean<WebhookDelivery[]>();
    for (const d of pending) {
      const started = Date.now();
      let status: number | null = null;
      let excerpt = '';
      try {
        const res = await guardedPost(endpoint.url, d.body, signatureHeaders(endpoint, d._id, d.body));
        status = res.status;
        excerpt = res.body.slice(0, 500);
      } catch (err) {
        excerpt =
          err instanceof BlockedTargetError
            ? `Refused: ${err.message}`
            : `No answer: ${(err as Error).message}`;
      }
      const ok = status !== null && status >= 200 && status < 300;
      const attempt = { at: new Date(started), status, durationMs: Date.now() - started, excerpt };
      await WebhookDeliveryModel.updateOne(
        { _id: d._id },
        {
          $push: { attempts: attempt },
          ...(ok
            ? { $set: { status: 'delivered', deliveredAt: new Date() } }
            : opts.finalAttempt
              ? { $set: { status: 'failed' } }
              : {}),
        },
      );
      await noteOutcome(endpoint, ok);
      if (!ok) {
        if (opts.finalAttempt) continue; // given up after a day: the lane moves on
        throw new DeliveryFailed(`delivery ${d._id} failed: ${status ?? excerpt}`);
      }
    }
    return `delivered ${pending.length}`;
  });
}

/** Success clears the failure clock; a failure starts it, and after a day of failures disables the endpoint. */
async function noteOutcome(endpoint: WebhookEndpoint, ok: boolean): Promise<void> {
  if (ok && !endpoint.failingSince) return;
  const id = String(endpoint._id);
  await withAggregate('webhookEndpoint', id, async () => {
    const current = await WebhookEndpointModel.findById(id).lean<WebhookEndpoint>();
    if (!current) return;
    if (ok) {
      if (current.failingSince)
        await WebhookEndpointModel.updateOne({ _id: current._id }, { $set: { failingSince: null } });
      return;
    }
    if (!current.failingSince) {
      await WebhookEndpointModel.updateOne({ _id: current._id }, { $set: { failingSince: new Date() } });
      return;
    }
    const since = new Date(current.failingSince);
    if (current.status !== 'active' || Date.now() - since.getTime() < WEBHOOK_DISABLE_AFTER_MS) return;
    await recordFact(
      { kind: 'webhookEndpoint', id },
      {
        name: 'webhook.disabled',
        key: `${id}-${since.getTime()}`,
        by: 'system',
        subjects: { endpointId: id, userId: String(current.createdBy) },
        data: {
          endpoint: {
            id,
            url: current.url,
            companyId: String(current.companyId),
            createdBy: String(current.createdBy),
          },
          failingSince: since.toISOString(),
        },
      },
      () =>
        WebhookEndpointModel.updateOne(
          { _id: current._id },
          { $set: { status: 'disabled', disabledReason: 'Every delivery failed for 24 hours' } },
        ),
    );
  });
}
