import {
  INVOICE_STATUS_LABELS,
  OPEN_INVOICE_STATUSES,
  invoiceNumber,
  type InvoiceDto,
  type InvoicePage,
  type InvoiceStatus,
  type LoadInvoiceDto,
  type ExtraInvoiceLine,
  type approveInvoiceSchema,
  type correctInvoiceSchema,
  type createInvoiceSchema,
  type disputeInvoiceSchema,
  type invoiceListSchema,
  type payInvoiceSchema,
  type requestQuickPaySchema,
  type scheduleInvoiceSchema,
  type InvoiceAgingDto,
  agingOf,
  formatFeeBps,
  quickPayFeeCents,
} from '@freight/shared';
import { buffer } from 'node:stream/consumers';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { NOTHING_WRITTEN, recordFact, recordFacts, type Fact } from '../../events/record';
import { badRequest, conflict, notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import { now } from '../../infra/clock';
import { withAggregate, withAggregates, type AggregateRef } from '../../infra/concurrency';
import { authorize, can, type Actor } from '../../policies';
import { canMove, viewerInvoiceActions, type InvoiceMove } from '../../policies/invoices';
import { mine } from '../companies/mine';
import { FreightModel, type FreightListing } from '../freight/model';
import { partiesOf } from '../loadDocuments/service';
import { FreightPhotoModel, type FreightPhoto } from '../tracking/model';
import { openStoredPhoto } from '../../infra/storage';
import { UserModel } from '../users/model';
import {
  InvoiceCounterModel,
  InvoiceModel,
  partiesOfInvoice,
  toInvoiceDto,
  type Invoice,
  type InvoiceLine,
} from './model';
import { quickPayMissedFact } from './overdue';
import { quickPayOfferOf, quickPayOffers } from './quickPayTerms';
import { renderInvoice, type ReceiptImage } from './render';

const NOT_FOUND = 'Invoice not found';
const NOT_YOUR_LOAD = 'loadId: You can invoice only a load your company hauled';
const DAY_MS = 86_400_000;

const objectIdOf = (id: string) => {
  if (!Types.ObjectId.isValid(id)) throw notFound(NOT_FOUND);
  return new Types.ObjectId(id);
};

async function findInvoice(id: string): Promise<Invoice> {
  const invoice = await InvoiceModel.findById(objectIdOf(id)).lean<Invoice>();
  if (!invoice) throw notFound(NOT_FOUND);
  return invoice;
}

/**
 * The invoice as this viewer sees it: amounts only for the money roles, the payer's quick pay offer, and the moves
 * open to them. `offerOf` reads each payer's offer once for a page.
 */
export async function presentInvoice(
  actor: Actor | null,
  invoice: Invoice,
  offerOf = quickPayOfferOf,
): Promise<InvoiceDto> {
  const quickPayOffer = await offerOf(invoice.payerCompanyId);
  const dto = toInvoiceDto(invoice, {
    amountsHidden: !can(actor, 'invoice:readAmounts', invoice),
    quickPayOffer,
  });
  const quickPayOpen = !!quickPayOffer && !invoice.quickPay;
  return { ...dto, viewerActions: viewerInvoiceActions(actor, invoice, quickPayOpen) };
}

const issuerKeyOf = (load: Pick<FreightListing, 'carrierId' | 'carrierCompanyId'>) =>
  String(load.carrierCompanyId ?? load.carrierId);

const laneOf = (load: FreightListing) =>
  `${load.originCity}, ${load.originState} → ${load.destinationCity}, ${load.destinationState}`;

async function nameOf(actor: Actor): Promise<string> {
  const user = await UserModel.findById(actor.id, { firstName: 1, lastName: 1, email: 1 }).lean<{
    firstName?: string | null;
    lastName?: string | null;
    email?: string;
  }>();
  return `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || user?.email || 'a team member';
}

/**
 * The issuer's next invoice number; the caller holds the issuer's company lease, so two invoices at once never
 * share one. A counter lost or never made starts from the highest number the issuer's invoices hold.
 */
async function takeNumber(issuerKey: string): Promise<number> {
  const counter = await InvoiceCounterModel.findById(issuerKey).lean<{ last: number }>();
  let last = counter?.last;
  if (last === undefined) {
    const highest = await InvoiceModel.findOne({ issuerKey }, { sequence: 1 })
      .sort({ sequence: -1 })
      .lean<{ sequence: number }>();
    last = highest?.sequence ?? 0;
  }
  const next = last + 1;
  await InvoiceCounterModel.updateOne({ _id: issuerKey }, { $set: { last: next } }, { upsert: true });
  return next;
}

const linesOf = (linehaulCents: number, lane: string, extra: ExtraInvoiceLine[]): InvoiceLine[] => [
  { kind: 'linehaul', description: `Linehaul ${lane}`, amountCents: linehaulCents, dispute: null },
  ...extra.map((l) => ({
    kind: l.kind,
    description: l.description,
    amountCents: l.amountCents,
    receiptPhotoId: l.receiptPhotoId ? new Types.ObjectId(l.receiptPhotoId) : null,
    dispute: null,
  })),
];

/**
 * Each lumper line's receipt is a lumper receipt photo of this load, and no receipt is billed twice (400 naming the
 * line otherwise). The load's receipts are read by two equalities.
 */
async function assertReceiptsOf(load: FreightListing, extra: ExtraInvoiceLine[]): Promise<void> {
  if (!extra.some((l) => l.receiptPhotoId)) return;
  const receipts = await FreightPhotoModel.find(
    { freightListingId: load._id, photoType: 'lumper_receipt' },
    { _id: 1 },
  ).lean<Array<{ _id: Types.ObjectId }>>();
  const known = new Set(receipts.map((r) => String(r._id)));
  const used = new Set<string>();
  extra.forEach((line, i) => {
    const id = line.receiptPhotoId?.toLowerCase();
    if (!id) return;
    const field = `extraLines.${i}.receiptPhotoId`;
    if (!known.has(id)) throw badRequest(`${field}: That is not a lumper receipt of this load`);
    if (used.has(id)) throw badRequest(`${field}: That receipt is on another line already`);
    used.add(id);
  });
}

/** A load's invoice that still counts (anything but one a correction replaced). */
async function currentInvoiceOf(loadId: Types.ObjectId): Promise<Invoice | null> {
  return InvoiceModel.findOne({ loadId, replacedById: null }).lean<Invoice>();
}

function alreadyInvoiced(invoice: Invoice): never {
  const open = OPEN_INVOICE_STATUSES.includes(invoice.status);
  throw conflict(
    `This load already has invoice ${invoice.number} (${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()})` +
      (open ? ': correct that invoice to change it' : ''),
  );
}

/** A new invoice as it is stored (the caller holds the load's and the issuer's leases). */
async function draftInvoice(
  actor: Actor,
  load: FreightListing,
  lines: InvoiceLine[],
  termsDays: number,
  at: Date,
  replaces: Invoice | null,
): Promise<Invoice> {
  const issuerKey = issuerKeyOf(load);
  const sequence = await takeNumber(issuerKey);
  const parties = await partiesOf(load);
  const number = invoiceNumber(sequence);
  const by = await nameOf(actor);
  return {
    _id: new Types.ObjectId(),
    number,
    sequence,
    issuerKey,
    status: 'submitted',
    version: 1,
    currency: 'USD',
    loadId: load._id,
    loadTitle: load.title,
    lane: laneOf(load),
    issuerUserId: load.carrierId as Types.ObjectId,
    companyId: load.carrierCompanyId ?? null,
    payerUserId: load.userId as Types.ObjectId,
    payerCompanyId: load.companyId ?? null,
    issuer: parties.carrier,
    payer: parties.shipper,
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    termsDays,
    submittedAt: at,
    dueAt: new Date(at.getTime() + termsDays * DAY_MS),
    approvedAt: null,
    disputedAt: null,
    scheduledFor: null,
    paidAt: null,
    paymentReference: null,
    quickPay: null,
    replacesId: replaces?._id ?? null,
    replacedById: null,
    history: [
      {
        at,
        status: 'submitted',
        text: replaces ? `Corrected by ${by}, replacing ${replaces.number}` : `Sent by ${by}`,
      },
    ],
    createdAt: at,
    updatedAt: at,
  };
}

/** The load the actor's company hauled and may invoice now (400 for any other load: it is not theirs to bill). */
async function invoiceableLoad(actor: Actor, loadId: string): Promise<FreightListing> {
  const load = Types.ObjectId.isValid(loadId)
    ? await FreightModel.findById(loadId).lean<FreightListing>()
    : null;
  if (!load || !can(actor, 'invoice:issue', load)) throw badRequest(NOT_YOUR_LOAD);
  if (load.status !== 'delivered')
    throw conflict(`Invoice a load once it is delivered: this one is ${load.status.replace('_', ' ')}`);
  if (load.rateCents == null || load.rateCents <= 0)
    throw badRequest('loadId: This load has no agreed rate to invoice');
  return load;
}

const MONEY_ROLES_TEXT = 'owners, admins and accounting';

/** POST /api/invoices: the carrier company invoices a delivered load, one invoice per load at a time. */
export async function createInvoice(
  actor: Actor,
  input: z.output<typeof createInvoiceSchema>,
): Promise<InvoiceDto> {
  authorize(actor, 'invoice:issue', undefined, {
    message: `Only a company's ${MONEY_ROLES_TEXT} send invoices`,
  });
  const first = await invoiceableLoad(actor, input.loadId);
  const leases: AggregateRef[] = [
    { kind: 'load', id: input.loadId },
    { kind: 'company', id: issuerKeyOf(first) },
  ];
  const created = await withAggregates(leases, async () => {
    const load = await invoiceableLoad(actor, input.loadId);
    const existing = await currentInvoiceOf(load._id);
    if (existing) alreadyInvoiced(existing);
    await assertReceiptsOf(load, input.extraLines);
    const at = now();
    const draft = await draftInvoice(
      actor,
      load,
      linesOf(load.rateCents!, laneOf(load), input.extraLines),
      input.termsDays,
      at,
      null,
    );
    const id = String(draft._id);
    await recordFact(
      { kind: 'invoice', id },
      {
        name: 'invoice.submitted',
        key: id,
        by: actor,
        loadId: String(load._id),
        subjects: { invoiceId: id },
        data: { invoice: toInvoiceDto(draft), parties: partiesOfInvoice(draft) },
        proof: { collection: InvoiceModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => InvoiceModel.create(draft),
    );
    return draft;
  });
  return presentInvoice(actor, created);
}

/** The invoice, if the actor may see it (anyone else, drivers and viewers included, is told it does not exist). */
async function readableInvoice(actor: Actor, id: string): Promise<Invoice> {
  const invoice = await findInvoice(id);
  authorize(actor, 'invoice:read', invoice, { hide: true, message: NOT_FOUND });
  return invoice;
}

export async function getInvoice(actor: Actor, id: string): Promise<InvoiceDto> {
  return presentInvoice(actor, await readableInvoice(actor, id));
}

/** GET /api/invoices/:id/invoice.pdf: to the money roles of both sides. */
export async function invoicePdf(actor: Actor, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await readableInvoice(actor, id);
  authorize(actor, 'invoice:readAmounts', invoice, {
    message: `Only ${MONEY_ROLES_TEXT} download invoices`,
  });
  return {
    pdf: await renderInvoice(invoice, await receiptImagesOf(invoice)),
    fileName: `${invoice.number}.pdf`,
  };
}

/** The receipts of the invoice's lumper lines, read from the file store (a receipt removed since is left out). */
async function receiptImagesOf(invoice: Invoice): Promise<ReceiptImage[]> {
  const images: ReceiptImage[] = [];
  for (const [lineIndex, line] of invoice.lines.entries()) {
    if (!line.receiptPhotoId) continue;
    const photo = await FreightPhotoModel.findOne({
      _id: line.receiptPhotoId,
      freightListingId: invoice.loadId,
    }).lean<FreightPhoto>();
    if (!photo) continue;
    images.push({
      lineIndex,
      image: await buffer((await openStoredPhoto(photo)).stream),
      takenAt: photo.createdAt,
    });
  }
  return images;
}

/** The invoices the actor's company issued (sent) or is billed (received): one top-level equality. */
const sideFilter = (actor: Actor, side: 'sent' | 'received') =>
  side === 'sent' ? mine(actor, 'issuerUserId', 'companyId') : mine(actor, 'payerUserId', 'payerCompanyId');

/** The Sent (issued by the actor's company) or Received (billed to it) list, newest first. */
export async function listInvoices(
  actor: Actor,
  side: 'sent' | 'received',
  q: z.output<typeof invoiceListSchema>,
): Promise<InvoicePage> {
  authorize(actor, 'invoice:list', undefined, {
    message: `Invoices are for a company's ${MONEY_ROLES_TEXT} and dispatchers`,
  });
  const filter = { ...sideFilter(actor, side), ...(q.status ? { status: q.status } : {}) };
  const found = await paginate<Invoice>(InvoiceModel, filter, { submittedAt: -1, _id: -1 }, q);
  const offerOf = quickPayOffers();
  return { ...found, items: await Promise.all(found.items.map((i) => presentInvoice(actor, i, offerOf))) };
}

/**
 * GET /api/invoices/aging: every open invoice of the side by how long it is past due, read by top-level equalities
 * (DESIGN §2) with the few fields it needs.
 */
export async function invoiceAging(actor: Actor, side: 'sent' | 'received'): Promise<InvoiceAgingDto> {
  authorize(actor, 'invoice:list', undefined, {
    message: `Invoices are for a company's ${MONEY_ROLES_TEXT} and dispatchers`,
  });
  const filter = sideFilter(actor, side);
  // One equality on the party and one on each open status: the paid and replaced history is never read.
  const invoices = (
    await Promise.all(
      OPEN_INVOICE_STATUSES.map((status) =>
        InvoiceModel.find({ ...filter, status }, { status: 1, dueAt: 1, totalCents: 1 }).lean<
          Array<Pick<Invoice, 'status' | 'dueAt' | 'totalCents'>>
        >(),
      ),
    )
  ).flat();
  // Every invoice of the side names the viewer's company as that party: its amounts are the viewer's if any are.
  const amountsHidden = !can(actor, 'invoice:readOwnAmounts');
  const at = now();
  const buckets = agingOf(
    invoices.map((i) => ({ status: i.status, dueAt: i.dueAt, totalCents: amountsHidden ? 0 : i.totalCents })),
    at,
  );
  return { side, asOf: at.toISOString(), buckets, amountsHidden };
}

/** GET /api/freight/:id/invoice: the load's invoice for its parties, and whether the viewer may invoice it now. */
export async function loadInvoice(actor: Actor, loadId: string): Promise<LoadInvoiceDto> {
  const load = Types.ObjectId.isValid(loadId)
    ? await FreightModel.findById(loadId).lean<FreightListing>()
    : null;
  if (!load || !can(actor, 'load:read', load)) throw notFound('Load not found');
  const invoice = await currentInvoiceOf(load._id);
  const shown = invoice && can(actor, 'invoice:read', invoice) ? await presentInvoice(actor, invoice) : null;
  const canCreate =
    !invoice && load.status === 'delivered' && load.rateCents != null && can(actor, 'invoice:issue', load);
  return { invoice: shown, canCreate, linehaulCents: canCreate ? load.rateCents! : null };
}

type StatusMove = Exclude<InvoiceMove, 'requestQuickPay'>;

/** Why a move cannot happen from the state the invoice reached, in the payer's words. */
function stateMessage(invoice: Invoice, move: InvoiceMove): string {
  if (move === 'requestQuickPay') return quickPayStateMessage(invoice);
  const reached: Record<StatusMove, InvoiceStatus> = {
    approve: 'approved',
    dispute: 'disputed',
    schedule: 'scheduled',
    pay: 'paid',
    correct: 'replaced',
  };
  const label = INVOICE_STATUS_LABELS[invoice.status].toLowerCase();
  if (invoice.status === reached[move]) {
    if (move === 'pay') return `This invoice is already paid (reference ${invoice.paymentReference})`;
    if (move === 'correct') return 'This invoice was already corrected: open the invoice that replaced it';
    return `This invoice is already ${label}`;
  }
  const verbs: Record<StatusMove, string> = {
    approve: 'approved',
    dispute: 'disputed',
    schedule: 'scheduled for payment',
    pay: 'marked paid',
    correct: 'corrected',
  };
  return `This invoice is ${label}: it can no longer be ${verbs[move]}`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function quickPayStateMessage(invoice: Invoice): string {
  if (invoice.quickPay)
    return `Quick pay was already requested on ${day(invoice.quickPay.requestedAt)}: the payer promised to pay by ${day(invoice.quickPay.dueBy)}`;
  const label = INVOICE_STATUS_LABELS[invoice.status].toLowerCase();
  return `Quick pay is requested on an approved or scheduled invoice: this one is ${label}`;
}

/** The checks every move makes under the invoice's lease: the state allows it and the client saw this version. */
function assertMovable(invoice: Invoice, move: InvoiceMove, version: number): void {
  const allowed = canMove(move, invoice.status) && !(move === 'requestQuickPay' && invoice.quickPay);
  if (!allowed) throw conflict(stateMessage(invoice, move));
  if (invoice.version !== version)
    throw conflict(
      `This invoice changed since you opened it: it is ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()} now (version ${invoice.version}). Review it and try again.`,
    );
}

type MoveFact =
  | 'invoice.approved'
  | 'invoice.disputed'
  | 'invoice.scheduled'
  | 'invoice.paid'
  | 'invoice.quickPayRequested';

/**
 * A move on one invoice (every one but the correction), as a conditional update on the status and version it read,
 * under the invoice's lease: of two at once, one wins and the other is told the state the first reached (409).
 * `change` gives the fields it sets, the status it reaches (none: the status stays) and the history's words.
 */
async function moveInvoice(
  actor: Actor,
  id: string,
  move: Exclude<InvoiceMove, 'correct'>,
  version: number,
  factName: MoveFact,
  change: (
    invoice: Invoice,
    at: Date,
    by: string,
  ) => Promise<{ set: Partial<Invoice>; status?: InvoiceStatus; text: string }>,
): Promise<InvoiceDto> {
  const moved = await withAggregate('invoice', id, async () => {
    const invoice = await findInvoice(id);
    assertMovable(invoice, move, version);
    const at = now();
    const { set, status = invoice.status, text } = await change(invoice, at, await nameOf(actor));
    const next = invoice.version + 1;
    const fields = {
      ...set,
      status,
      version: next,
      updatedAt: at,
      history: [...invoice.history, { at, status, text }],
    };
    const planned: Invoice = { ...invoice, ...fields };
    const fact = {
      name: factName,
      key: `${id}-v${next}`,
      by: actor,
      loadId: String(invoice.loadId),
      subjects: { invoiceId: id },
      data: { invoice: toInvoiceDto(planned), parties: partiesOfInvoice(planned) },
      proof: {
        collection: InvoiceModel.collection.collectionName,
        filter: { _id: invoice._id, version: next },
      },
    } satisfies Fact;
    // A payment after the day a quick pay was promised states the miss too (the log keeps it once: the deadline
    // job may have stated it already).
    const missed = planned.quickPay?.missed === true ? [quickPayMissedFact(planned)] : [];
    const after = await recordFacts(
      { kind: 'invoice', id },
      [fact, ...missed],
      async () =>
        (await InvoiceModel.findOneAndUpdate(
          { _id: invoice._id, status: invoice.status, version: invoice.version },
          { $set: fields },
          { new: true },
        ).lean<Invoice>()) ?? NOTHING_WRITTEN,
    );
    if (after === NOTHING_WRITTEN) throw conflict(stateMessage(await findInvoice(id), move));
    return after;
  });
  return presentInvoice(actor, moved);
}

type PayerMove = Exclude<StatusMove, 'correct'>;
const FACT_OF: Record<PayerMove, MoveFact> = {
  approve: 'invoice.approved',
  dispute: 'invoice.disputed',
  schedule: 'invoice.scheduled',
  pay: 'invoice.paid',
};
const STATUS_OF: Record<PayerMove, InvoiceStatus> = {
  approve: 'approved',
  dispute: 'disputed',
  schedule: 'scheduled',
  pay: 'paid',
};

/** One of the payer's moves: to the payer's money roles, each reaching its status. */
async function settle(
  actor: Actor,
  id: string,
  move: PayerMove,
  version: number,
  change: (invoice: Invoice, at: Date, by: string) => { set: Partial<Invoice>; text: string },
): Promise<InvoiceDto> {
  const seen = await readableInvoice(actor, id);
  authorize(actor, 'invoice:settle', seen, {
    message: `Only the billed company's ${MONEY_ROLES_TEXT} approve, dispute, schedule and pay invoices`,
  });
  return moveInvoice(actor, id, move, version, FACT_OF[move], async (invoice, at, by) => ({
    ...change(invoice, at, by),
    status: STATUS_OF[move],
  }));
}

export const approveInvoice = (actor: Actor, id: string, input: z.output<typeof approveInvoiceSchema>) =>
  settle(actor, id, 'approve', input.version, (_inv, at, by) => ({
    set: { approvedAt: at },
    text: `Approved by ${by}`,
  }));

export const disputeInvoice = (actor: Actor, id: string, input: z.output<typeof disputeInvoiceSchema>) =>
  settle(actor, id, 'dispute', input.version, (invoice, at, by) => {
    const reasons = new Map<number, string>();
    for (const { index, reason } of input.lines) {
      if (index >= invoice.lines.length)
        throw badRequest(`lines: This invoice has no line ${index + 1} (it has ${invoice.lines.length})`);
      if (reasons.has(index)) throw badRequest(`lines: Line ${index + 1} is disputed twice: give one reason`);
      reasons.set(index, reason);
    }
    const lines = invoice.lines.map((l, i) => ({
      ...l,
      dispute: reasons.has(i) ? { reason: reasons.get(i)!, at } : l.dispute,
    }));
    const which = [...reasons.keys()].map((i) => invoice.lines[i]!.description).join('; ');
    return { set: { lines, disputedAt: at }, text: `Disputed by ${by}: ${which}` };
  });

export const scheduleInvoice = (actor: Actor, id: string, input: z.output<typeof scheduleInvoiceSchema>) =>
  settle(actor, id, 'schedule', input.version, (_inv, at, by) => {
    const day = input.scheduledFor.slice(0, 10);
    if (day < at.toISOString().slice(0, 10)) throw badRequest('scheduledFor: Choose today or a later day');
    return { set: { scheduledFor: day }, text: `Payment scheduled for ${day} by ${by}` };
  });

export const payInvoice = (actor: Actor, id: string, input: z.output<typeof payInvoiceSchema>) =>
  settle(actor, id, 'pay', input.version, (invoice, at, by) => ({
    set: {
      paidAt: at,
      paymentReference: input.reference,
      // A quick pay paid after the day promised is a missed promise, kept on the invoice (docs/invoices.md).
      ...(invoice.quickPay && {
        quickPay: { ...invoice.quickPay, missed: at.getTime() > invoice.quickPay.dueBy.getTime() },
      }),
    },
    text: `Marked paid by ${by} (reference ${input.reference})`,
  }));

/**
 * POST /api/invoices/:id/quick-pay: the issuer asks the payer's quick pay on an approved or scheduled invoice, at the
 * fee it was shown (a changed offer gets 409 with the new terms). The invoice keeps the fee, the net and the day
 * the payer promised to pay by; its status stays.
 */
export async function requestQuickPay(
  actor: Actor,
  id: string,
  input: z.output<typeof requestQuickPaySchema>,
): Promise<InvoiceDto> {
  const seen = await readableInvoice(actor, id);
  authorize(actor, 'invoice:requestQuickPay', seen, {
    message: `Only the issuing company's ${MONEY_ROLES_TEXT} request quick pay`,
  });
  return moveInvoice(
    actor,
    id,
    'requestQuickPay',
    input.version,
    'invoice.quickPayRequested',
    async (invoice, at, by) => {
      const offer = await quickPayOfferOf(invoice.payerCompanyId);
      if (!offer) throw conflict(`${invoice.payer.company || invoice.payer.name} does not offer quick pay`);
      if (offer.feeBps !== input.feeBps)
        throw conflict(
          `The quick pay terms changed: ${formatFeeBps(offer.feeBps)} within ${offer.days} days now. Review the net amount and try again.`,
        );
      const feeCents = quickPayFeeCents(invoice.totalCents, offer.feeBps);
      const dueBy = new Date(at.getTime() + offer.days * DAY_MS);
      return {
        set: {
          quickPay: {
            ...offer,
            requestedAt: at,
            feeCents,
            netCents: invoice.totalCents - feeCents,
            dueBy,
            missed: null,
          },
        },
        text: `Quick pay requested by ${by}: ${formatFeeBps(offer.feeBps)} fee, paid by ${day(dueBy)}`,
      };
    },
  );
}

/**
 * The issuer corrects an invoice (after a dispute, or before it is approved): a new invoice with a new number and
 * the corrected lines is submitted, and the old one is kept as `replaced`, pointing to it. One fact, one change.
 */
export async function correctInvoice(
  actor: Actor,
  id: string,
  input: z.output<typeof correctInvoiceSchema>,
): Promise<InvoiceDto> {
  const seen = await readableInvoice(actor, id);
  authorize(actor, 'invoice:correct', seen, {
    message: `Only the issuing company's ${MONEY_ROLES_TEXT} correct invoices`,
  });
  const leases: AggregateRef[] = [
    { kind: 'invoice', id },
    { kind: 'load', id: String(seen.loadId) },
    { kind: 'company', id: seen.issuerKey },
  ];
  const created = await withAggregates(leases, async () => {
    const old = await findInvoice(id);
    assertMovable(old, 'correct', input.version);
    const load = await FreightModel.findById(old.loadId).lean<FreightListing>();
    if (!load) throw notFound('Load not found');
    await assertReceiptsOf(load, input.extraLines);
    const at = now();
    const linehaul = input.linehaulCents ?? old.lines.find((l) => l.kind === 'linehaul')?.amountCents;
    const draft = await draftInvoice(
      actor,
      load,
      linesOf(linehaul ?? load.rateCents!, old.lane, input.extraLines),
      input.termsDays ?? old.termsDays,
      at,
      old,
    );
    const next = old.version + 1;
    const oldFields = {
      status: 'replaced' as const,
      version: next,
      replacedById: draft._id,
      updatedAt: at,
      history: [...old.history, { at, status: 'replaced' as const, text: `Replaced by ${draft.number}` }],
    };
    const newId = String(draft._id);
    const written = await recordFact(
      { kind: 'invoice', id },
      {
        name: 'invoice.corrected',
        key: newId,
        by: actor,
        loadId: String(old.loadId),
        subjects: { invoiceId: newId, replacedId: id },
        data: {
          invoice: toInvoiceDto(draft),
          parties: partiesOfInvoice(draft),
          replaced: { id, version: next },
        },
        proof: { collection: InvoiceModel.collection.collectionName, filter: { _id: draft._id } },
      },
      async () => {
        const replaced = await InvoiceModel.findOneAndUpdate(
          { _id: old._id, status: old.status, version: old.version },
          { $set: oldFields },
        ).lean();
        if (!replaced) return NOTHING_WRITTEN;
        await InvoiceModel.create(draft);
        return draft;
      },
    );
    if (written === NOTHING_WRITTEN) throw conflict(stateMessage(await findInvoice(id), 'correct'));
    return draft;
  });
  return presentInvoice(actor, created);
}
