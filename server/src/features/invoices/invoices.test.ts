// Getting paid (issue 40, slices 1 and 2): invoices from delivered loads (numbers per company, one open invoice per
// load, the PDF, the lists by role) and the payer's moves (approve, dispute per line, schedule, pay), each a
// conditional move with races fired both sides at once. Real FerretDB, Redis, BullMQ and the notifications worker.
import type { InvoiceDto, InvoicePage, LoadInvoiceDto } from '@freight/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { teamOf, type Team } from '../companies/members.testing';
import { verifiedClient } from '../freight/testUtils';
import { NotificationModel } from '../notifications/model';
import { PNG_BYTES, seedLoad } from '../tracking/testing';
import { InvoiceModel } from './model';

let app: TestApp;
let carrier: Team;
let shipper: Team;
let otherCarrier: TestClient;

/** The seeded load's agreed rate (tracking/testing.ts). */
const RATE_CENTS = 285050;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
  const [carrierOwner, shipperOwner] = await Promise.all([
    verifiedClient(app, 'carrier', { companyName: 'Ridge Haulers' }),
    verifiedClient(app, 'shipper', { companyName: 'Lakeside Foods' }),
  ]);
  [carrier, shipper, otherCarrier] = await Promise.all([
    teamOf(app, carrierOwner),
    teamOf(app, shipperOwner),
    verifiedClient(app, 'carrier', { companyName: 'Elsewhere Freight' }),
  ]);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** A load the shipper posted and the carrier delivered (or left in another status). */
const deliveredLoad = (status: 'delivered' | 'in_transit' = 'delivered') =>
  seedLoad({
    posterId: shipper.owner.id,
    carrierId: carrier.owner.id,
    status,
    title: 'Steel coils to Dallas',
  });

async function invoice(loadId: string, body: Record<string, unknown> = {}): Promise<InvoiceDto> {
  const res = await carrier.accounting.client.post('/api/invoices', { loadId, ...body });
  if (res.status !== 201) throw new Error(`create invoice: ${res.status} ${res.text}`);
  return res.body as InvoiceDto;
}

const move = (c: TestClient, inv: Pick<InvoiceDto, 'id' | 'version'>, action: string, body: object = {}) =>
  c.post(`/api/invoices/${inv.id}/${action}`, { version: inv.version, ...body });

const today = () => new Date().toISOString().slice(0, 10);
/** An id nothing has. */
const OTHER_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** A photo of the load by `c`, of a type. */
async function photo(c: TestClient, loadId: string, photoType: string) {
  return c
    .raw('post', `/api/freight/${loadId}/photos`)
    .field('photoType', photoType)
    .attach('photo', PNG_BYTES, { filename: 'receipt.png', contentType: 'image/png' });
}

describe('creating an invoice', () => {
  it('bills the delivered load in one step: number, payer, linehaul at the agreed rate, extra lines, terms, papers', async () => {
    const loadId = await deliveredLoad();
    const inv = await invoice(loadId, {
      extraLines: [{ kind: 'detention', description: '3 hours at the receiver', amountCents: 15000 }],
    });
    expect(inv.number).toMatch(/^INV-\d{6}$/);
    expect(inv.status).toBe('submitted');
    expect(inv.version).toBe(1);
    expect(inv.currency).toBe('USD');
    expect(inv.issuerName).toBe('Ridge Haulers');
    expect(inv.payerName).toBe('Lakeside Foods');
    expect(inv.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['linehaul', RATE_CENTS],
      ['detention', 15000],
    ]);
    expect(inv.totalCents).toBe(RATE_CENTS + 15000);
    expect(inv.termsDays).toBe(30);
    expect(Date.parse(inv.dueAt) - Date.parse(inv.submittedAt)).toBe(30 * DAY_MS);
    expect(inv.rateConfirmationUrl).toBe(`/api/freight/${loadId}/documents/rate-confirmation.pdf`);
    expect(inv.proofOfDeliveryUrl).toBe(`/api/freight/${loadId}/documents/proof-of-delivery.pdf`);
    expect(inv.viewerActions).toEqual({ correct: true, downloadPdf: true });

    const pdf = await carrier.accounting.client.raw('get', inv.pdfUrl!).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.body.subarray(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    const printed = text.replace(/\s+/g, ' ');
    for (const expected of [
      inv.number,
      'Lakeside Foods',
      'Ridge Haulers',
      '3 hours at the receiver',
      '$3,000.50',
    ])
      expect(printed).toContain(expected);

    const received = await shipper.accounting.client.get(`/api/invoices/${inv.id}`);
    expect(received.status).toBe(200);
    expect((received.body as InvoiceDto).viewerActions).toEqual({
      approve: true,
      dispute: true,
      downloadPdf: true,
    });
    const onLoad = (await carrier.owner.client.get(`/api/freight/${loadId}/invoice`)).body as LoadInvoiceDto;
    expect(onLoad.invoice?.id).toBe(inv.id);
    expect(onLoad.canCreate).toBe(false);
  });

  it('numbers each company’s invoices in sequence, two at once never sharing a number', async () => {
    const loads = await Promise.all([deliveredLoad(), deliveredLoad(), deliveredLoad()]);
    const made = await Promise.all(loads.map((id) => invoice(id)));
    const numbers = made.map((i) => Number(i.number.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[2]! - numbers[0]!).toBe(2);
  });

  it('keeps one open invoice per load, also when two are sent at once', async () => {
    const loadId = await deliveredLoad();
    const [a, b] = await Promise.all([
      carrier.accounting.client.post('/api/invoices', { loadId }),
      carrier.owner.client.post('/api/invoices', { loadId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toMatch(/This load already has invoice INV-\d{6} \(submitted\)/);
    expect(await InvoiceModel.countDocuments({ loadId })).toBe(1);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const loadId = await deliveredLoad();
    const cases: Array<[TestClient, Record<string, unknown>, number, RegExp]> = [
      [
        carrier.accounting.client,
        { loadId, extraLines: [{ kind: 'detention', description: 'Detention', amountCents: -500 }] },
        400,
        /Amounts must be more than zero/,
      ],
      [
        carrier.accounting.client,
        { loadId, extraLines: [{ kind: 'detention', description: 'Detention', amountCents: 12.5 }] },
        400,
        /whole number/,
      ],
      [
        carrier.accounting.client,
        { loadId, extraLines: [{ kind: 'linehaul', description: 'More', amountCents: 100 }] },
        400,
        /the linehaul comes from the load/,
      ],
      [
        carrier.accounting.client,
        { loadId, extraLines: [{ kind: 'other', description: ' ', amountCents: 100 }] },
        400,
        /Describe the charge/,
      ],
      [
        carrier.accounting.client,
        { loadId, extraLines: [{ kind: 'lumper', description: 'Lumper', amountCents: 9000 }] },
        400,
        /^extraLines\.0\.receiptPhotoId: Attach the lumper receipt/,
      ],
      [
        carrier.accounting.client,
        {
          loadId,
          extraLines: [
            { kind: 'detention', description: 'Detention', amountCents: 100, receiptPhotoId: OTHER_ID },
          ],
        },
        400,
        /^extraLines\.0\.receiptPhotoId: Only a lumper line carries a receipt/,
      ],
      [
        carrier.accounting.client,
        {
          loadId,
          extraLines: [{ kind: 'lumper', description: 'Lumper', amountCents: 100, receiptPhotoId: OTHER_ID }],
        },
        400,
        /^extraLines\.0\.receiptPhotoId: That is not a lumper receipt of this load/,
      ],
      [carrier.accounting.client, { loadId, termsDays: -1 }, 400, /Terms cannot be negative/],
      [carrier.accounting.client, { loadId: 'nope' }, 400, /Invalid load id/],
      // A line on someone else's load: the same answer whether the load exists or not.
      [otherCarrier, { loadId }, 400, /You can invoice only a load your company hauled/],
      [shipper.owner.client, { loadId }, 400, /You can invoice only a load your company hauled/],
      [carrier.dispatcher.client, { loadId }, 403, /owners, admins and accounting send invoices/],
      [carrier.driver.client, { loadId }, 403, /owners, admins and accounting/],
      [carrier.viewer.client, { loadId }, 403, /owners, admins and accounting/],
    ];
    for (const [client, body, status, message] of cases) {
      const res = await client.post('/api/invoices', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const inTransit = await deliveredLoad('in_transit');
    const early = await carrier.accounting.client.post('/api/invoices', { loadId: inTransit });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once it is delivered: this one is in transit/);
    expect(await InvoiceModel.countDocuments({ loadId: { $in: [loadId, inTransit] } })).toBe(0);
  });
});

describe('who sees invoices', () => {
  it('the money roles see amounts, dispatchers the status only, drivers and viewers nothing', async () => {
    const inv = await invoice(await deliveredLoad());
    for (const side of [carrier, shipper]) {
      for (const role of ['owner', 'admin', 'accounting'] as const) {
        const res = await side[role].client.get(`/api/invoices/${inv.id}`);
        expect(res.status).toBe(200);
        expect((res.body as InvoiceDto).totalCents).toBe(RATE_CENTS);
      }
      const dispatcher = await side.dispatcher.client.get(`/api/invoices/${inv.id}`);
      expect(dispatcher.status).toBe(200);
      const seen = dispatcher.body as InvoiceDto;
      expect(seen.status).toBe('submitted');
      expect(seen.amountsHidden).toBe(true);
      expect(seen.totalCents).toBeNull();
      expect(seen.lines.every((l) => l.amountCents === null)).toBe(true);
      expect(seen.pdfUrl).toBeNull();
      expect(seen.viewerActions).toEqual({});
      expect((await side.dispatcher.client.get(`/api/invoices/${inv.id}/invoice.pdf`)).status).toBe(403);
      for (const role of ['driver', 'viewer'] as const) {
        expect((await side[role].client.get(`/api/invoices/${inv.id}`)).status).toBe(404);
        expect((await side[role].client.get(`/api/invoices/${inv.id}/invoice.pdf`)).status).toBe(404);
        expect((await side[role].client.get('/api/invoices/sent')).status).toBe(403);
        expect((await side[role].client.get('/api/invoices/received')).status).toBe(403);
      }
    }
    expect((await otherCarrier.get(`/api/invoices/${inv.id}`)).status).toBe(404);
    expect((await otherCarrier.get(`/api/invoices/${inv.id}/invoice.pdf`)).status).toBe(404);
  });

  it('lists sent and received by company, paged, amounts by role', async () => {
    const inv = await invoice(await deliveredLoad());
    const sent = (await carrier.admin.client.get('/api/invoices/sent?pageSize=100')).body as InvoicePage;
    expect(sent.items.map((i) => i.id)).toContain(inv.id);
    expect(sent.items.find((i) => i.id === inv.id)!.totalCents).toBe(RATE_CENTS);
    const received = (await shipper.dispatcher.client.get('/api/invoices/received?pageSize=100'))
      .body as InvoicePage;
    const row = received.items.find((i) => i.id === inv.id)!;
    expect(row.status).toBe('submitted');
    expect(row.totalCents).toBeNull();
    // Each side's list holds only its own side: the carrier received nothing, the shipper sent nothing.
    expect(((await carrier.owner.client.get('/api/invoices/received')).body as InvoicePage).total).toBe(0);
    expect(((await shipper.owner.client.get('/api/invoices/sent')).body as InvoicePage).total).toBe(0);
    expect(((await otherCarrier.get('/api/invoices/sent')).body as InvoicePage).total).toBe(0);
    const paged = (await carrier.owner.client.get('/api/invoices/sent?page=1&pageSize=1'))
      .body as InvoicePage;
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    expect((await carrier.owner.client.get('/api/invoices/sent?status=lost')).status).toBe(400);
  });
});

describe('the payer’s moves', () => {
  it('approve, schedule, pay: each live to the carrier with a notification; a paid invoice is never paid again', async () => {
    const inv = await invoice(await deliveredLoad());
    const socket = await carrier.accounting.client.socket();
    const approvedPush = nextEvent(
      socket,
      'invoice:changed',
      (p) => p.id === inv.id && p.status === 'approved',
    );
    const approved = await move(shipper.accounting.client, inv, 'approve');
    expect(approved.status).toBe(200);
    expect((approved.body as InvoiceDto).viewerActions).toMatchObject({
      schedule: true,
      pay: true,
      dispute: true,
    });
    await approvedPush;

    const onCarrierSide = await move(carrier.owner.client, approved.body, 'schedule', {
      scheduledFor: today(),
    });
    expect(onCarrierSide.status).toBe(403);
    expect((await move(shipper.dispatcher.client, approved.body, 'pay', { reference: 'ACH 1' })).status).toBe(
      403,
    );
    expect((await move(shipper.viewer.client, approved.body, 'pay', { reference: 'ACH 1' })).status).toBe(
      404,
    );
    const past = await move(shipper.accounting.client, approved.body, 'schedule', {
      scheduledFor: '2020-01-01',
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/Choose today or a later day/);

    const scheduled = await move(shipper.admin.client, approved.body, 'schedule', { scheduledFor: today() });
    expect(scheduled.status).toBe(200);
    expect((scheduled.body as InvoiceDto).scheduledFor).toBe(today());

    const noReference = await move(shipper.accounting.client, scheduled.body, 'pay', { reference: '  ' });
    expect(noReference.status).toBe(400);
    expect(noReference.body.message).toMatch(/Enter the payment reference/);
    const paidPush = nextEvent(socket, 'invoice:changed', (p) => p.id === inv.id && p.status === 'paid');
    const paid = await move(shipper.accounting.client, scheduled.body, 'pay', { reference: 'ACH 88812' });
    expect(paid.status).toBe(200);
    expect((paid.body as InvoiceDto).paymentReference).toBe('ACH 88812');
    expect((paid.body as InvoiceDto).history.map((h) => h.status)).toEqual([
      'submitted',
      'approved',
      'scheduled',
      'paid',
    ]);
    await paidPush;

    const again = await move(shipper.accounting.client, paid.body, 'pay', { reference: 'ACH 2' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This invoice is already paid (reference ACH 88812)');
    const disputeAfter = await move(shipper.accounting.client, paid.body, 'dispute', {
      lines: [{ index: 0, reason: 'Too much' }],
    });
    expect(disputeAfter.status).toBe(409);
    expect(disputeAfter.body.message).toMatch(/This invoice is paid: it can no longer be disputed/);

    await eventually(async () => {
      const titles = (await NotificationModel.find({ userId: carrier.accounting.id }).lean()).map(
        (n) => n.title,
      );
      return ['approved', 'scheduled', 'paid'].every((w) => titles.includes(`Invoice ${inv.number} ${w}`));
    }, 30_000);
    // The driver and the viewer of the carrier hear of none of it.
    expect(await NotificationModel.countDocuments({ userId: carrier.driver.id, kind: 'invoice' })).toBe(0);
    expect(await NotificationModel.countDocuments({ userId: carrier.viewer.id, kind: 'invoice' })).toBe(0);
  });

  it('a dispute names a reason per line; the carrier corrects, the old invoice is kept as replaced', async () => {
    const loadId = await deliveredLoad();
    const inv = await invoice(loadId, {
      extraLines: [{ kind: 'detention', description: 'Detention at the receiver', amountCents: 9000 }],
    });
    const bad: Array<[object, RegExp]> = [
      [{ lines: [] }, /Choose at least one line to dispute/],
      [{ lines: [{ index: 1, reason: '  ' }] }, /Give a reason for each line you dispute/],
      [{ lines: [{ index: 1 }] }, /Give a reason for each line you dispute/],
      [{ lines: [{ index: 5, reason: 'No such line' }] }, /This invoice has no line 6 \(it has 2\)/],
      [
        {
          lines: [
            { index: 1, reason: 'a' },
            { index: 1, reason: 'b' },
          ],
        },
        /Line 2 is disputed twice/,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await move(shipper.accounting.client, inv, 'dispute', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await InvoiceModel.findById(inv.id).lean())!.version).toBe(1);

    const socket = await carrier.owner.client.socket();
    const pushed = nextEvent(socket, 'invoice:changed', (p) => p.id === inv.id && p.status === 'disputed');
    const disputed = await move(shipper.accounting.client, inv, 'dispute', {
      lines: [{ index: 1, reason: 'The receiver logged one hour, not three' }],
    });
    expect(disputed.status).toBe(200);
    const d = disputed.body as InvoiceDto;
    expect(d.status).toBe('disputed');
    expect(d.lines[1]!.dispute?.reason).toBe('The receiver logged one hour, not three');
    expect(d.lines[0]!.dispute).toBeNull();
    await pushed;
    expect((await move(shipper.accounting.client, d, 'approve')).status).toBe(409);

    const carrierView = (await carrier.accounting.client.get(`/api/invoices/${inv.id}`)).body as InvoiceDto;
    expect(carrierView.viewerActions).toEqual({ correct: true, downloadPdf: true });
    expect((await move(shipper.owner.client, carrierView, 'correct', { extraLines: [] })).status).toBe(403);
    const corrected = await move(carrier.accounting.client, carrierView, 'correct', { extraLines: [] });
    expect(corrected.status).toBe(201);
    const next = corrected.body as InvoiceDto;
    expect(next.number).not.toBe(inv.number);
    expect(next.replacesId).toBe(inv.id);
    expect(next.totalCents).toBe(RATE_CENTS);
    expect(next.status).toBe('submitted');
    const old = (await carrier.accounting.client.get(`/api/invoices/${inv.id}`)).body as InvoiceDto;
    expect(old.status).toBe('replaced');
    expect(old.replacedById).toBe(next.id);
    expect(old.history.at(-1)!.text).toBe(`Replaced by ${next.number}`);
    const again = await move(carrier.accounting.client, carrierView, 'correct', { extraLines: [] });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already corrected/);
    const onLoad = (await shipper.accounting.client.get(`/api/freight/${loadId}/invoice`))
      .body as LoadInvoiceDto;
    expect(onLoad.invoice?.id).toBe(next.id);
    expect((await move(shipper.accounting.client, next, 'approve')).status).toBe(200);
  });

  it('a lumper line carries a lumper receipt of the load: added by accounting, seen by the payer’s money roles, printed', async () => {
    const loadId = await deliveredLoad();
    // Accounting adds no other photo; the receipt is theirs to add, as the driver's at the dock.
    expect((await photo(carrier.accounting.client, loadId, 'pickup')).status).toBe(403);
    const [added, pickup] = await Promise.all([
      photo(carrier.accounting.client, loadId, 'lumper_receipt'),
      photo(carrier.owner.client, loadId, 'pickup'),
    ]);
    expect([added.status, pickup.status]).toEqual([201, 201]);
    const receiptId = (added.body as { id: string }).id;
    const listed = await carrier.accounting.client.get(
      `/api/freight/${loadId}/photos?photoType=lumper_receipt`,
    );
    expect((listed.body as { items: Array<{ id: string }> }).items.map((p) => p.id)).toEqual([receiptId]);

    const line = { kind: 'lumper', description: 'Lumper at the receiver', amountCents: 9000 };
    const notReceipt = await carrier.accounting.client.post('/api/invoices', {
      loadId,
      extraLines: [{ ...line, receiptPhotoId: (pickup.body as { id: string }).id }],
    });
    expect(notReceipt.status).toBe(400);
    expect(notReceipt.body.message).toBe(
      'extraLines.0.receiptPhotoId: That is not a lumper receipt of this load',
    );
    const twice = await carrier.accounting.client.post('/api/invoices', {
      loadId,
      extraLines: [
        { ...line, receiptPhotoId: receiptId },
        { ...line, receiptPhotoId: receiptId },
      ],
    });
    expect(twice.body.message).toBe('extraLines.1.receiptPhotoId: That receipt is on another line already');
    expect(await InvoiceModel.countDocuments({ loadId })).toBe(0);

    const inv = await invoice(loadId, { extraLines: [{ ...line, receiptPhotoId: receiptId }] });
    const url = `/api/freight/${loadId}/photos/${receiptId}/file`;
    expect(inv.lines[1]!.receipt).toEqual({ photoId: receiptId, url });
    const asPayer = (await shipper.accounting.client.get(`/api/invoices/${inv.id}`)).body as InvoiceDto;
    expect(asPayer.lines[1]!.receipt?.url).toBe(url);
    const file = await shipper.accounting.client.raw('get', url).buffer(true);
    expect([file.status, file.headers['content-type']]).toEqual([200, 'image/png']);
    const asDispatcher = (await shipper.dispatcher.client.get(`/api/invoices/${inv.id}`)).body as InvoiceDto;
    expect(asDispatcher.lines[1]!.receipt).toBeNull();

    const pdf = await carrier.accounting.client.raw('get', inv.pdfUrl!).buffer(true);
    const proxy = await getDocumentProxy(new Uint8Array(pdf.body as Buffer));
    const { text, totalPages } = await extractText(proxy, { mergePages: true });
    expect(totalPages).toBe(2);
    const printed = text.replace(/\s+/g, ' ');
    expect(printed).toContain('1 lumper receipt (last pages)');
    expect(printed).toContain('LUMPER RECEIPT, LINE 2');
  });

  it('a stale version gets 409 with the state reached', async () => {
    const inv = await invoice(await deliveredLoad());
    const approved = (await move(shipper.accounting.client, inv, 'approve')).body as InvoiceDto;
    const stale = await move(shipper.accounting.client, { ...approved, version: 1 }, 'pay', {
      reference: 'x',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since you opened it: it is approved now \(version 2\)/);
    expect((await move(shipper.accounting.client, inv, 'approve', { version: 'two' })).status).toBe(400);
  });
});

describe('races', () => {
  const rounds = stressSize(12, 3);
  it(`two approvals at once, then two payments at once: exactly one wins each (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const inv = await invoice(await deliveredLoad());
      const approvals = await Promise.all([
        move(shipper.accounting.client, inv, 'approve'),
        move(shipper.owner.client, inv, 'approve'),
      ]);
      expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(approvals.find((r) => r.status === 409)!.body.message).toBe('This invoice is already approved');
      const approved = approvals.find((r) => r.status === 200)!.body as InvoiceDto;
      const payments = await Promise.all([
        move(shipper.accounting.client, approved, 'pay', { reference: `A-${round}` }),
        move(shipper.admin.client, approved, 'pay', { reference: `B-${round}` }),
      ]);
      expect(payments.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = payments.find((r) => r.status === 200)!.body as InvoiceDto;
      expect(payments.find((r) => r.status === 409)!.body.message).toBe(
        `This invoice is already paid (reference ${winner.paymentReference})`,
      );
      const stored = (await InvoiceModel.findById(inv.id).lean())!;
      expect(stored.status).toBe('paid');
      expect(stored.version).toBe(3);
      expect(stored.history.filter((h) => h.status === 'paid')).toHaveLength(1);
    }
  });
});
