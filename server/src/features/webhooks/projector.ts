import {
  INVOICE_FACTS,
  X12_STATUS_CODES,
  isInvoiceFact,
  toV1Invoice,
  toV1Rating,
  toV1RatingValues,
  toV1StopTransition,
  x12StopCode,
  x12VisitCode,
  type AnyDomainEvent,
  type DomainEventName,
  type InvoiceFactName,
  type LoadPartiesSnapshot,
  type NegotiationDto,
  type RatingDto,
  type WebhookEvent,
} from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { notify } from '../notifications/service';
import { companiesOfPeople } from '../companies/stamps';
import { FreightModel, toFreightDto, type FreightListing } from '../freight/model';
import { WebhookEndpointModel, type WebhookEndpoint } from './model';
import { scheduleDelivery } from './service';

/** A snapshot without what only the web's viewer needs. */
function clean<T extends object | null | undefined>(dto: T): T {
  if (!dto) return dto;
  const { viewerActions: _v, ...rest } = dto as Record<string, unknown>;
  return rest as T;
}

/**
 * A party of a fact: a person and, beside it, their company as the fact's snapshot records it (issue 28's stamps).
 * null: the person had no company then (the account is its own company); undefined: a fact recorded before
 * snapshots carried companies (the person's company now is the best left).
 */
type Party = [person: string | null | undefined, company: string | null | undefined];

type LoadParties = Partial<LoadPartiesSnapshot>;
const loadParties = (l: LoadParties | null | undefined): Party[] =>
  l
    ? [
        [l.userId, l.companyId],
        [l.carrierId, l.carrierCompanyId],
        [l.brokerId, l.brokerCompanyId],
        [l.shipperId, l.shipperCompanyId],
      ]
    : [];

/** The company of a load's booked carrier named apart from the load (a move's `carrierId`). */
const carrierOf = (load: LoadParties | null | undefined, carrierId: string | null): Party => [
  carrierId,
  load && load.carrierId === carrierId ? load.carrierCompanyId : undefined,
];

/** A stop fact from before stops carried their load's parties: the load's as stored now. */
async function storedParties(loadId: string | null): Promise<LoadParties | null> {
  if (!loadId) return null;
  const load = await FreightModel.findById(loadId).lean<FreightListing>();
  return load ? toFreightDto(load) : null;
}

/** The webhook event a fact is, the parties whose companies hear of it, and what it carries; null: not one. */
async function toWebhook(
  e: AnyDomainEvent,
): Promise<{ type: WebhookEvent; parties: Party[]; data: Record<string, unknown> } | null> {
  const loadId = e.loadId;
  if (isInvoiceFact(e)) {
    const { invoice, parties } = e.data;
    return {
      type: INVOICE_WEBHOOKS[e.name],
      parties: [
        [parties.issuerUserId, invoice.companyId],
        [parties.payerUserId, invoice.payerCompanyId],
      ],
      data: {
        loadId: invoice.loadId,
        invoice: toV1Invoice(invoice, { webhook: true }),
        ...(e.name === 'invoice.corrected' && 'replaced' in e.data && { replaced: e.data.replaced }),
      },
    };
  }
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
      return {
        type,
        parties: loadParties(e.data.load),
        data: { loadId, load: clean(e.data.load), ...extra },
      };
    }
    case 'load.moved':
      return {
        type: 'load.status_changed',
        parties: [...loadParties(e.data.load), carrierOf(e.data.load, e.data.carrierId)],
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
        parties: [...loadParties(e.data.load), [e.data.request.carrierId, e.data.request.carrierCompanyId]],
        data: { loadId, request: clean(e.data.request), load: clean(e.data.load) },
      };
    case 'booking.reviewed':
      return {
        type: 'booking.reviewed',
        parties: [
          ...loadParties(e.data.load),
          [e.data.request.carrierId, e.data.request.carrierCompanyId],
          [e.data.request.shipperId, e.data.request.shipperCompanyId],
        ],
        data: { loadId, request: clean(e.data.request), load: clean(e.data.load) },
      };
    case 'offer.made':
    case 'offer.revised':
      return {
        type: 'offer.received',
        parties: offerParties(e.data.offer),
        data: { loadId: e.data.offer.freightListingId, offer: clean(e.data.offer) },
      };
    case 'truckPost.loadOffered':
      return {
        type: 'offer.received',
        parties: offerParties(e.data.offer),
        data: {
          loadId: e.data.offer.freightListingId,
          offer: clean(e.data.offer),
          truckPostId: e.data.truckPostId,
        },
      };
    case 'offer.countered':
    case 'offer.accepted':
    case 'offer.rejected':
    case 'offer.expired': {
      const load = 'load' in e.data ? clean(e.data.load ?? null) : null;
      return {
        type: 'offer.answered',
        parties: offerParties(e.data.offer),
        data: { loadId: e.data.offer.freightListingId, offer: clean(e.data.offer), load },
      };
    }
    case 'stop.reported':
      return {
        type: 'tracking.stop',
        parties: loadParties(e.data.parties ?? (await storedParties(loadId))),
        data: { loadId, stop: e.data.stop, x12: x12StopCode(e.data.stop) },
      };
    case 'stop.arrived':
    case 'stop.departed': {
      const transition = e.name === 'stop.arrived' ? 'arrived' : 'departed';
      return {
        type: `tracking.${transition}`,
        parties: loadParties(e.data.parties),
        data: {
          loadId,
          visit: toV1StopTransition(e.data),
          x12: x12VisitCode(e.data.stop.kind, transition),
        },
      };
    }
    case 'rating.given':
    case 'rating.changed': {
      const { rating } = e.data;
      return {
        type: e.name,
        parties: ratingParties(rating),
        data: {
          loadId: rating.loadId,
          rating: toV1Rating(rating),
          ...(e.name === 'rating.changed' && { previous: toV1RatingValues(e.data.previous) }),
        },
      };
    }
    default:
      return null;
  }
}

/** Each invoice fact is the webhook event of the same name (quick pay spelled as the other events are). */
const INVOICE_WEBHOOKS = {
  'invoice.submitted': 'invoice.submitted',
  'invoice.corrected': 'invoice.corrected',
  'invoice.approved': 'invoice.approved',
  'invoice.disputed': 'invoice.disputed',
  'invoice.scheduled': 'invoice.scheduled',
  'invoice.paid': 'invoice.paid',
  'invoice.quickPayRequested': 'invoice.quick_pay_requested',
  'invoice.overdue': 'invoice.overdue',
  'invoice.quickPayMissed': 'invoice.quick_pay_missed',
} as const satisfies Record<InvoiceFactName, WebhookEvent>;

/**
 * Both parties of a rating: a rating names each by its company's id, or by the person's id without a company (an
 * account is then its own company), so the id is the company to tell either way.
 */
const ratingParties = (r: Pick<RatingDto, 'fromCompanyId' | 'toCompanyId'>): Party[] => [
  [r.fromCompanyId, r.fromCompanyId],
  [r.toCompanyId, r.toCompanyId],
];

const offerParties = (o: NegotiationDto): Party[] => [
  [o.brokerId, o.brokerCompanyId],
  [o.carrierId, o.carrierCompanyId],
];

/** The companies of a fact's parties, as its snapshot records them (see Party). */
async function companiesOf(parties: Party[]): Promise<string[]> {
  const named = parties.filter((p): p is [string, string | null | undefined] => Boolean(p[0]));
  const unstamped = named.filter(([, company]) => company === undefined).map(([person]) => person);
  const now = await companiesOfPeople(unstamped);
  const companies = named.map(([person, company]) =>
    company === undefined ? String(now.get(person) ?? person) : (company ?? person),
  );
  return [...new Set(companies)].filter((id) => Types.ObjectId.isValid(id));
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
  'truckPost.loadOffered',
  'stop.reported',
  'stop.arrived',
  'stop.departed',
  ...INVOICE_FACTS,
  'rating.given',
  'rating.changed',
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
    const companies = await companiesOf(hook.parties);
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
