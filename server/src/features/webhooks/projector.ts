import {
  X12_STATUS_CODES,
  X12_STOP_CODES,
  type AnyDomainEvent,
  type DomainEventName,
  type WebhookEvent,
} from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { FreightModel } from '../freight/model';
import { notify } from '../notifications/service';
import { UserModel } from '../users/model';
import { WebhookEndpointModel, type WebhookEndpoint } from './model';
import { scheduleDelivery } from './service';

/** A snapshot without what only the web's viewer needs. */
function clean<T extends object | null | undefined>(dto: T): T {
  if (!dto) return dto;
  const { viewerActions: _v, ...rest } = dto as Record<string, unknown>;
  return rest as T;
}

type LoadLike = { userId?: unknown; brokerId?: unknown; shipperId?: unknown; carrierId?: unknown };
const ids = (...values: Array<string | null | undefined>) => values.filter((v): v is string => Boolean(v));
const loadParties = (l: LoadLike | null | undefined) =>
  l ? [l.userId, l.carrierId, l.brokerId, l.shipperId].filter(Boolean).map(String) : [];

/** The webhook event a fact is, the users whose companies hear of it, and what it carries; null: not one. */
async function toWebhook(
  e: AnyDomainEvent,
): Promise<{ type: WebhookEvent; users: string[]; data: Record<string, unknown> } | null> {
  const loadId = e.loadId;
  switch (e.name) {
    case 'load.posted':
    case 'load.edited':
    case 'load.withdrawn': {
      const type = (
        {
          'load.posted': 'load.posted',
          'load.edited': 'load.edited',
          'load.withdrawn': 'load.withdrawn',
        } as const
      )[e.name];
      const extra =
        e.name === 'load.edited'
          ? { changed: e.data.changed }
          : e.name === 'load.withdrawn'
            ? { reason: e.data.reason }
            : {};
      return { type, users: loadParties(e.data.load), data: { loadId, load: clean(e.data.load), ...extra } };
    }
    case 'load.moved':
      return {
        type: 'load.status_changed',
        users: ids(...loadParties(e.data.load), e.data.carrierId),
        data: {
          loadId,
          status: e.data.status,
          previous: e.data.previous,
          x12: X12_STATUS_CODES[e.data.status] ?? null,
          load: clean(e.data.load),
        },
      };
    case 'booking.requested':
      return {
        type: 'booking.requested',
        users: ids(...loadParties(e.data.load), e.data.request.carrierId),
        data: { loadId, request: clean(e.data.request), load: clean(e.data.load) },
      };
    case 'booking.reviewed':
      return {
        type: 'booking.reviewed',
        users: ids(...loadParties(e.data.load), e.data.request.carrierId, e.data.request.shipperId),
        data: { loadId, request: clean(e.data.request), load: clean(e.data.load) },
      };
    case 'offer.made':
    case 'offer.revised':
      return {
        type: 'offer.received',
        users: ids(e.data.offer.brokerId, e.data.offer.carrierId),
        data: { loadId: e.data.offer.freightListingId, offer: clean(e.data.offer) },
      };
    case 'offer.countered':
    case 'offer.accepted':
    case 'offer.rejected':
    case 'offer.expired': {
      const load = 'load' in e.data ? clean(e.data.load ?? null) : null;
      return {
        type: 'offer.answered',
        users: ids(e.data.offer.brokerId, e.data.offer.carrierId),
        data: { loadId: e.data.offer.freightListingId, offer: clean(e.data.offer), load },
      };
    }
    case 'stop.reported': {
      const load = loadId
        ? await FreightModel.findById(loadId, { userId: 1, brokerId: 1, shipperId: 1, carrierId: 1 }).lean()
        : null;
      return {
        type: 'tracking.stop',
        users: loadParties(load as LoadLike | null),
        data: { loadId, stop: e.data.stop, x12: X12_STOP_CODES[e.data.stop.kind] },
      };
    }
    default:
      return null;
  }
}

const APPLICABLE: DomainEventName[] = [
  'load.posted',
  'load.edited',
  'load.withdrawn',
  'load.moved',
  'booking.requested',
  'booking.reviewed',
  'offer.made',
  'offer.revised',
  'offer.countered',
  'offer.accepted',
  'offer.rejected',
  'offer.expired',
  'stop.reported',
];

/**
 * The public API's webhooks (issue 30): each fact a company's endpoints subscribe to becomes one delivery per
 * endpoint (made once however often the fact is handled), which the worker sends in order per load.
 */
export const webhooksProjector = registerProjector({
  name: 'webhooks',
  applicableEvents: APPLICABLE,
  async handle(event) {
    const hook = await toWebhook(event);
    if (!hook) return;
    const userIds = [...new Set(hook.users)].filter((id) => Types.ObjectId.isValid(id));
    if (userIds.length === 0) return;
    const users = await UserModel.find({ _id: { $in: userIds } }, { companyId: 1 }).lean<
      Array<{ _id: unknown; companyId?: unknown }>
    >();
    const companies = [...new Set(users.map((u) => String(u.companyId ?? u._id)))];
    const body = JSON.stringify({ type: hook.type, timestamp: event.at, data: hook.data });
    for (const companyId of companies) {
      const endpoints = await WebhookEndpointModel.find({ companyId: new Types.ObjectId(companyId) }).lean<
        WebhookEndpoint[]
      >();
      for (const endpoint of endpoints) {
        if (endpoint.deleted || endpoint.status !== 'active' || !endpoint.events.includes(hook.type))
          continue;
        await scheduleDelivery(endpoint, {
          eventId: event.id,
          seq: event.seq,
          event: hook.type,
          loadId: typeof hook.data.loadId === 'string' ? hook.data.loadId : null,
          body,
        });
      }
    }
  },
});

/** An endpoint disabled after a day of failures: the member who registered it is told. */
export const webhookNoticesProjector = registerProjector({
  name: 'webhook-notices',
  applicableEvents: ['webhook.disabled'],
  async handle(event) {
    if (event.name !== 'webhook.disabled') return;
    const { endpoint } = event.data;
    await notify({
      userId: endpoint.createdBy,
      kind: 'general',
      title: 'A webhook endpoint was disabled',
      body: `Every delivery to ${endpoint.url} failed for 24 hours, so it was turned off. Fix the receiver, then enable it again on the Developers page.`,
      link: '/developers/webhooks',
      dedupeKey: event.id,
    });
  },
});
