// Getting paid (issue 40, slice 4): quick pay (the payer's terms, the carrier's request with the net in cents, the
// promise missed), the overdue reminder (a delayed BullMQ job at the due date, run by the real worker) and aging
// from the server. Real FerretDB, Redis, BullMQ and the workers.
import {
  QUEUES,
  type CompanyProfileDto,
  type InvoiceAgingDto,
  type InvoiceDto,
  type QuickPayOfferDto,
} from '@freight/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { resetClock, setClock } from '../../infra/clock';
import { getQueue } from '../../queues';
import { teamOf, type Team } from '../companies/members.testing';
import { verifiedClient } from '../freight/testUtils';
import { DomainEventModel } from '../../events/model';
import { PayerPaymentsModel } from '../companies/payerPayments';
import { NotificationModel } from '../notifications/model';
import { seedLoad } from '../tracking/testing';
import { InvoiceModel } from './model';
import {
  OVERDUE_REMINDER,
  QUICK_PAY_DEADLINE,
  overdueJobId,
  quickPayJobId,
  type OverdueReminderResult,
} from './overdue';

let app: TestApp;
let carrier: Team;
let shipper: Team;

/** The seeded load's agreed rate (tracking/testing.ts). */
const RATE_CENTS = 285050;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
  const [carrierOwner, shipperOwner] = await Promise.all([
    verifiedClient(app, 'carrier', { companyName: 'Quick Haul Co' }),
    verifiedClient(app, 'shipper', { companyName: 'Prompt Payer Foods' }),
  ]);
  [carrier, shipper] = await Promise.all([teamOf(app, carrierOwner), teamOf(app, shipperOwner)]);
}, 120_000);
afterAll(async () => {
  await app?.close();
});
afterEach(() => resetClock());

const deliveredLoad = (posterId = shipper.owner.id, carrierId = carrier.owner.id) =>
  seedLoad({ posterId, carrierId, status: 'delivered', title: 'Frozen peas to Denver' });

async function invoice(
  body: Record<string, unknown> = {},
  issuer: TestClient = carrier.accounting.client,
  loadId?: string,
): Promise<InvoiceDto> {
  const res = await issuer.post('/api/invoices', { loadId: loadId ?? (await deliveredLoad()), ...body });
  if (res.status !== 201) throw new Error(`create invoice: ${res.status} ${res.text}`);
  return res.body as InvoiceDto;
}

const move = (c: TestClient, inv: Pick<InvoiceDto, 'id' | 'version'>, action: string, body: object = {}) =>
  c.post(`/api/invoices/${inv.id}/${action}`, { version: inv.version, ...body });

async function approved(body: Record<string, unknown> = {}): Promise<InvoiceDto> {
  const res = await move(shipper.accounting.client, await invoice(body), 'approve');
  if (res.status !== 200) throw new Error(`approve: ${res.status} ${res.text}`);
  return res.body as InvoiceDto;
}

const offer = (c: TestClient, terms: object) => c.put('/api/company/quick-pay', terms);

const queue = () => getQueue(QUEUES.invoiceOverdue);
let jobs = 0;

/** One job of the invoice deadline queue, run by the real worker now; its result. */
async function runJob(name: string, data: object): Promise<unknown> {
  const job = await queue().add(name, data, { jobId: `invoice-test-job-${++jobs}` });
  return eventually(async () => {
    const state = await job.getState();
    if (state === 'failed') throw new Error(`job failed: ${(await queue().getJob(job.id!))?.failedReason}`);
    return state === 'completed' ? { result: (await queue().getJob(job.id!))!.returnvalue as unknown } : null;
  }, 30_000).then((r) => r.result);
}

const profileOf = async (c: TestClient, companyId: string) =>
  (await c.get(`/api/companies/${companyId}/profile`)).body as CompanyProfileDto;

describe('quick pay terms', () => {
  it('the payer’s money roles set them; others cannot; bad input is refused naming the field and changes nothing', async () => {
    const set = await offer(shipper.accounting.client, { feeBps: 250, days: 5 });
    expect(set.status).toBe(200);
    expect(set.body as QuickPayOfferDto).toEqual({ terms: { feeBps: 250, days: 5 }, canEdit: true });

    for (const member of [shipper.dispatcher, shipper.viewer, shipper.driver]) {
      const res = await offer(member.client, { feeBps: 100, days: 2 });
      expect(res.status, member.role).toBe(403);
      expect(((await member.client.get('/api/company/quick-pay')).body as QuickPayOfferDto).canEdit).toBe(
        false,
      );
    }
    const cases: Array<[object, RegExp]> = [
      [{ feeBps: 0, days: 5 }, /^feeBps: The fee must be more than 0 %/],
      [{ feeBps: 1100, days: 5 }, /^feeBps: The fee is at most 10 %/],
      [{ feeBps: 250, days: 0 }, /^days: Promise at least 1 day/],
      [{ feeBps: 250, days: 31 }, /^days: Promise at most 30 days/],
      [{ feeBps: 2.5, days: 5 }, /^feeBps: Enter the fee in whole basis points/],
      [{ days: 5 }, /^feeBps: /],
    ];
    for (const [body, message] of cases) {
      const res = await offer(shipper.owner.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const stored = (await shipper.admin.client.get('/api/company/quick-pay')).body as QuickPayOfferDto;
    expect(stored.terms).toEqual({ feeBps: 250, days: 5 });
    // The carrier's own company offers none, and the payer's terms show on the invoices it receives.
    expect(((await carrier.owner.client.get('/api/company/quick-pay')).body as QuickPayOfferDto).terms).toBe(
      null,
    );
    const inv = await invoice();
    expect(inv.quickPayOffer).toEqual({ feeBps: 250, days: 5 });
    const received = (await shipper.accounting.client.get(`/api/invoices/${inv.id}`)).body as InvoiceDto;
    expect(received.quickPayOffer).toEqual({ feeBps: 250, days: 5 });
  });
});

describe('requesting quick pay', () => {
  it('is refused when the payer offers none, before approval, to the payer and to a dispatcher', async () => {
    const withOffer = await approved();
    const asCarrier = (await carrier.accounting.client.get(`/api/invoices/${withOffer.id}`))
      .body as InvoiceDto;
    expect(asCarrier.viewerActions?.requestQuickPay).toBe(true);
    expect(withOffer.viewerActions).not.toHaveProperty('requestQuickPay');
    expect((await shipper.owner.client.delete('/api/company/quick-pay')).status).toBe(200);
    const none = await move(carrier.accounting.client, withOffer, 'quick-pay', { feeBps: 250 });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Prompt Payer Foods does not offer quick pay');
    expect(
      ((await carrier.owner.client.get(`/api/invoices/${withOffer.id}`)).body as InvoiceDto).viewerActions,
    ).not.toHaveProperty('requestQuickPay');
    expect((await offer(shipper.owner.client, { feeBps: 250, days: 5 })).status).toBe(200);

    const submitted = await invoice();
    expect(submitted.viewerActions).not.toHaveProperty('requestQuickPay');
    const early = await move(carrier.accounting.client, submitted, 'quick-pay', { feeBps: 250 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Quick pay is requested on an approved or scheduled invoice: this one is submitted',
    );
    expect((await move(shipper.accounting.client, withOffer, 'quick-pay', { feeBps: 250 })).status).toBe(403);
    expect((await move(carrier.dispatcher.client, withOffer, 'quick-pay', { feeBps: 250 })).status).toBe(403);
    expect((await move(carrier.viewer.client, withOffer, 'quick-pay', { feeBps: 250 })).status).toBe(404);
    const bad = await move(carrier.accounting.client, withOffer, 'quick-pay', { feeBps: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^feeBps: /);
    const changed = await move(carrier.accounting.client, withOffer, 'quick-pay', { feeBps: 300 });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(/The quick pay terms changed: 2.5 % within 5 days now/);
    const stored = (await InvoiceModel.findById(withOffer.id).lean())!;
    expect(stored.quickPay ?? null).toBe(null);
    expect(stored.version).toBe(withOffer.version);
  });

  it('records the fee and the net in exact cents (half a cent rounds up), live to the payer with a notification', async () => {
    // 285,060 cents at 2.5 % is 7,126.5 cents: the fee is 7,127 and the net 277,933.
    const inv = await approved({
      extraLines: [{ kind: 'other', description: 'Pallet jack', amountCents: 10 }],
    });
    expect(inv.totalCents).toBe(RATE_CENTS + 10);
    const socket = await shipper.accounting.client.socket();
    const push = nextEvent(
      socket,
      'invoice:changed',
      (p) => p.id === inv.id && p.version === inv.version + 1,
    );
    const res = await move(carrier.accounting.client, inv, 'quick-pay', { feeBps: 250 });
    expect(res.status).toBe(200);
    const body = res.body as InvoiceDto;
    expect(body.status).toBe('approved');
    expect(body.quickPay).toMatchObject({
      feeBps: 250,
      days: 5,
      feeCents: 7127,
      netCents: 277933,
      missed: null,
    });
    expect(Date.parse(body.quickPay!.dueBy) - Date.parse(body.quickPay!.requestedAt)).toBe(5 * DAY_MS);
    expect(body.viewerActions).not.toHaveProperty('requestQuickPay');
    expect(body.history.at(-1)!.text).toMatch(
      /^Quick pay requested by .*: 2.5 % fee, paid by \d{4}-\d{2}-\d{2}$/,
    );
    await push;

    const again = await move(carrier.owner.client, body, 'quick-pay', { feeBps: 250 });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^Quick pay was already requested on \d{4}-\d{2}-\d{2}: the payer promised/,
    );
    const seenByDispatcher = (await shipper.dispatcher.client.get(`/api/invoices/${inv.id}`))
      .body as InvoiceDto;
    expect(seenByDispatcher.quickPay).toMatchObject({ feeCents: null, netCents: null, days: 5 });

    await eventually(
      () =>
        NotificationModel.findOne({
          userId: shipper.accounting.id,
          title: `Quick pay requested on ${inv.number}`,
        }).lean(),
      30_000,
    );
  });

  it('records a promise missed when the payer pays after the day promised, and one kept when in time', async () => {
    const kept = await approved();
    const late = await approved();
    const keptAsked = (await move(carrier.accounting.client, kept, 'quick-pay', { feeBps: 250 })).body;
    const lateAsked = (await move(carrier.accounting.client, late, 'quick-pay', { feeBps: 250 })).body;
    const paidKept = await move(shipper.accounting.client, keptAsked, 'pay', { reference: 'ACH QP1' });
    expect((paidKept.body as InvoiceDto).quickPay?.missed).toBe(false);

    const sixDaysOn = Date.now() + 6 * DAY_MS;
    setClock(() => new Date(sixDaysOn));
    const paidLate = await move(shipper.accounting.client, lateAsked, 'pay', { reference: 'ACH QP2' });
    expect(paidLate.status).toBe(200);
    expect((paidLate.body as InvoiceDto).quickPay?.missed).toBe(true);
    const carrierView = (await carrier.owner.client.get(`/api/invoices/${late.id}`)).body as InvoiceDto;
    expect(carrierView.quickPay?.missed).toBe(true);
    // The payer's record: one kept, one missed (the late payment stated the miss: no deadline job ran first).
    const record = await eventually(async () => {
      const p = await profileOf(carrier.viewer.client, late.payerCompanyId!);
      return p.quickPayRecord?.promises === 2 && p.quickPayRecord;
    }, 30_000);
    expect(record).toEqual({ promises: 2, missed: 1 });
  });

  it('a promise whose day passes unpaid is missed on the invoice, to the carrier and on the payer’s record, once', async () => {
    const payer = await verifiedClient(app, 'shipper', { companyName: 'Slow Quick Payer' });
    expect((await offer(payer, { feeBps: 300, days: 3 })).status).toBe(200);
    const inv = await invoice({}, carrier.accounting.client, await deliveredLoad(payer.user!.id));
    const ok = await move(payer, inv, 'approve');
    const asked = (await move(carrier.accounting.client, ok.body, 'quick-pay', { feeBps: 300 }))
      .body as InvoiceDto;
    expect(asked.quickPay?.missed).toBe(null);
    // The deadline is a delayed job at the day promised.
    const deadline = await eventually(() => queue().getJob(quickPayJobId({ invoiceId: inv.id })), 30_000);
    expect(await deadline.getState()).toBe('delayed');
    expect(deadline.opts.delay).toBeGreaterThan(2 * DAY_MS);
    expect(deadline.opts.delay).toBeLessThanOrEqual(3 * DAY_MS);

    const fourDaysOn = Date.now() + 4 * DAY_MS;
    setClock(() => new Date(fourDaysOn));
    // The job as the worker runs it on that day (the delayed one stays delayed in real time).
    expect(await runJob(QUICK_PAY_DEADLINE, { invoiceId: inv.id })).toEqual({ missed: true });
    const seen = (await carrier.owner.client.get(`/api/invoices/${inv.id}`)).body as InvoiceDto;
    expect([seen.status, seen.paidAt, seen.quickPay?.missed]).toEqual(['approved', null, true]);
    const note = await eventually(
      () =>
        NotificationModel.findOne({
          userId: carrier.accounting.id,
          title: `Quick pay on ${inv.number} is late`,
        }).lean(),
      30_000,
    );
    expect(note.body).toMatch(/^Slow Quick Payer promised to pay it by \d{4}-\d{2}-\d{2} and has not/);
    const record = async () => (await profileOf(carrier.viewer.client, inv.payerCompanyId!)).quickPayRecord;
    await eventually(async () => (await record())?.missed === 1, 30_000);

    // Run again, and paid late: still one miss.
    expect(await runJob(QUICK_PAY_DEADLINE, { invoiceId: inv.id })).toEqual({ missed: true });
    const paid = await move(payer, seen, 'pay', { reference: 'ACH LATE' });
    expect((paid.body as InvoiceDto).quickPay?.missed).toBe(true);
    await eventually(
      async () =>
        (await PayerPaymentsModel.findById(inv.payerCompanyId).lean())?.days.some((d) => d.count > 0),
      30_000,
    );
    expect(await record()).toEqual({ promises: 1, missed: 1 });
    expect(
      await DomainEventModel.countDocuments({ name: 'invoice.quickPayMissed', loadId: inv.loadId }),
    ).toBe(1);
    expect(await runJob(QUICK_PAY_DEADLINE, { invoiceId: inv.id })).toEqual({
      missed: false,
      reason: 'not open',
    });
  });

  const rounds = stressSize(12, 3);
  it(`two requests at once: exactly one wins (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const inv = await approved();
      const results = await Promise.all([
        move(carrier.accounting.client, inv, 'quick-pay', { feeBps: 250 }),
        move(carrier.owner.client, inv, 'quick-pay', { feeBps: 250 }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toMatch(/^Quick pay was already requested/);
      const stored = (await InvoiceModel.findById(inv.id).lean())!;
      expect(stored.version).toBe(inv.version + 1);
      expect(stored.history.filter((h) => h.text.startsWith('Quick pay requested'))).toHaveLength(1);
    }
  });
});

describe('the overdue reminder', () => {
  it('is a delayed job at the due date, one per invoice version', async () => {
    const inv = await invoice({ termsDays: 30 });
    const job = await eventually(
      () => queue().getJob(overdueJobId({ invoiceId: inv.id, version: 1 })),
      30_000,
    );
    expect(await job.getState()).toBe('delayed');
    // The delay runs from when the projector scheduled it: the due date less a little.
    expect(job.opts.delay).toBeGreaterThan(29 * DAY_MS);
    expect(job.opts.delay).toBeLessThanOrEqual(30 * DAY_MS);
    expect(inv.overdue).toBe(false);
  });

  it('reminds the payer’s money roles when due and unpaid; both sides see it overdue', async () => {
    const inv = await invoice({ termsDays: 0 });
    const note = await eventually(
      () =>
        NotificationModel.findOne({
          userId: shipper.accounting.id,
          title: `Invoice ${inv.number} is overdue`,
        }).lean(),
      30_000,
    );
    expect(note.body).toBe(
      `${inv.number} from Quick Haul Co is overdue: $2,850.50 due ${inv.dueAt.slice(0, 10)}.`,
    );
    await eventually(
      () => NotificationModel.findOne({ userId: shipper.owner.id, title: note.title }).lean(),
      30_000,
    );
    expect(await NotificationModel.countDocuments({ userId: shipper.dispatcher.id, title: note.title })).toBe(
      0,
    );
    expect(await NotificationModel.countDocuments({ userId: carrier.accounting.id, title: note.title })).toBe(
      0,
    );
    for (const c of [carrier.accounting.client, shipper.accounting.client, shipper.dispatcher.client])
      expect(((await c.get(`/api/invoices/${inv.id}`)).body as InvoiceDto).overdue).toBe(true);
    // One fact in the log, by the system: the reminder, its push and its mail all come from it.
    const facts = await DomainEventModel.find({ name: 'invoice.overdue', loadId: inv.loadId }).lean();
    expect(facts.map((f) => [f._id, f.actor.userId])).toEqual([[`invoice.overdue:${inv.id}-v1`, null]]);
  });

  it('does nothing for an invoice paid (or replaced) by then', async () => {
    const inv = await approved();
    expect((await move(shipper.accounting.client, inv, 'pay', { reference: 'ACH OD1' })).status).toBe(200);
    expect(await runJob(OVERDUE_REMINDER, { invoiceId: inv.id, version: inv.version })).toEqual({
      reminded: false,
      reason: 'not open',
    } satisfies OverdueReminderResult);
  });
});

describe('aging from the server', () => {
  it('totals every open invoice of each side by days past due; dispatchers get counts only', async () => {
    const [payerOwner, issuerOwner] = await Promise.all([
      verifiedClient(app, 'shipper', { companyName: 'Aging Payer' }),
      verifiedClient(app, 'carrier', { companyName: 'Aging Hauler' }),
    ]);
    const payerId = payerOwner.user!.id;
    const issuerId = issuerOwner.user!.id;
    const pastDue = [-5, 10, 45, 75, 120, 0.5];
    const made: InvoiceDto[] = [];
    for (const _ of pastDue)
      made.push(await invoice({}, issuerOwner, await deliveredLoad(payerId, issuerId)));
    const at = Date.now();
    await Promise.all(
      made.map((inv, i) =>
        InvoiceModel.updateOne({ _id: inv.id }, { $set: { dueAt: new Date(at - pastDue[i]! * DAY_MS) } }),
      ),
    );
    // A paid invoice is not open and counts nowhere.
    const paid = await invoice({}, issuerOwner, await deliveredLoad(payerId, issuerId));
    const ok = await move(payerOwner, paid, 'approve');
    expect((await move(payerOwner, ok.body, 'pay', { reference: 'CHK 1' })).status).toBe(200);

    const received = await payerOwner.get('/api/invoices/aging?side=received');
    expect(received.status).toBe(200);
    const aging = received.body as InvoiceAgingDto;
    expect(aging.amountsHidden).toBe(false);
    expect(aging.buckets).toEqual({
      current: { count: 2, cents: 2 * RATE_CENTS },
      '1-30': { count: 1, cents: RATE_CENTS },
      '31-60': { count: 1, cents: RATE_CENTS },
      '61-90': { count: 1, cents: RATE_CENTS },
      '90+': { count: 1, cents: RATE_CENTS },
    });
    expect(
      ((await issuerOwner.get('/api/invoices/aging?side=sent')).body as InvoiceAgingDto).buckets,
    ).toEqual(aging.buckets);
    expect(
      ((await payerOwner.get('/api/invoices/aging?side=sent')).body as InvoiceAgingDto).buckets.current,
    ).toEqual({ count: 0, cents: 0 });

    const bad = await payerOwner.get('/api/invoices/aging?side=both');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^side: Choose sent or received/);

    const ofDispatcher = (await shipper.dispatcher.client.get('/api/invoices/aging?side=received'))
      .body as InvoiceAgingDto;
    const ofAccounting = (await shipper.accounting.client.get('/api/invoices/aging?side=received'))
      .body as InvoiceAgingDto;
    expect(ofDispatcher.amountsHidden).toBe(true);
    for (const bucket of Object.keys(ofAccounting.buckets) as Array<keyof InvoiceAgingDto['buckets']>) {
      expect(ofDispatcher.buckets[bucket]).toEqual({ count: ofAccounting.buckets[bucket].count, cents: 0 });
    }
    expect((await shipper.viewer.client.get('/api/invoices/aging?side=received')).status).toBe(403);
  });
});
