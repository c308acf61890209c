// Getting paid at scale (issue 40): the invoice lists, the aging, one invoice, and the payer's days-to-pay (on the
// company profile, a load's details and the board's load cards), each timed with `small` and with `large` invoices
// of other companies stored, for a carrier and a payer who own the same few invoices at both sizes. A flat path reads
// the viewer's own invoices by one top-level equality, or the projector's per-payer summary by `_id`: the ratio stays
// near 1 (goal ≤ 1.5).
import { INVOICE_STATUSES, invoiceNumber, type InvoiceStatus } from '@freight/shared';
import { CompanyModel } from '@freight/server/features/companies/model';
import {
  PayerPaymentsModel,
  windowStartDay,
  type PaymentDay,
} from '@freight/server/features/companies/payerPayments';
import { RatingSummaryModel } from '@freight/server/features/companies/ratingSummaries';
import { FreightModel } from '@freight/server/features/freight/model';
import {
  InvoiceCounterModel,
  InvoiceModel,
  type Invoice,
  type InvoiceLine,
} from '@freight/server/features/invoices/model';
import { UserModel } from '@freight/server/features/users/model';
import mongoose, { Types, type Model } from 'mongoose';
import {
  BenchClient,
  round,
  sleep,
  startServer,
  summarize,
  type BenchContext,
  type ScenarioResult,
  type ServerProcess,
  twoColumns,
  worldSizes,
} from '../lib';

const DAY = 86_400_000;
const BATCH = 2000;
/** Each other company sends and receives about this many of the seeded invoices (so companies grow with N). */
const INVOICES_PER_COMPANY = 20;
const MIN_COMPANIES = 4;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const MODELS: Array<Model<any>> = [
  InvoiceModel,
  InvoiceCounterModel,
  PayerPaymentsModel,
  RatingSummaryModel,
  CompanyModel,
];

/** How the seeded invoices are spread over the statuses: mostly paid, as a ledger is. */
const STATUS_MIX: InvoiceStatus[] = [
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'submitted',
  'approved',
  'scheduled',
  'disputed',
  'replaced',
  'approved',
];
const TERMS = [15, 30, 30, 30, 45, 60];
const CITIES = [
  ['Chicago', 'IL'],
  ['Dallas', 'TX'],
  ['Atlanta', 'GA'],
  ['Denver', 'CO'],
  ['Memphis', 'TN'],
  ['Columbus', 'OH'],
  ['Phoenix', 'AZ'],
  ['Newark', 'NJ'],
];

const companyCount = (n: number) => Math.max(MIN_COMPANIES, Math.ceil(n / INVOICES_PER_COMPANY));
/** The other companies' ids: fixed per index, so the small and the large world hold the same first companies. */
const companyIdOf = (i: number) => new Types.ObjectId(`cccccccc${i.toString(16).padStart(16, '0')}`);

const party = (i: number, role: 'Carrier' | 'Shipper') => ({
  role,
  company: `${role === 'Carrier' ? 'Haulers' : 'Foods'} ${i} LLC`,
  name: `Owner ${i}`,
  email: `owner${i}@company${i}.example`,
  phone: `+1 555 ${String(i % 10_000).padStart(4, '0')}`,
  mcNumber: role === 'Carrier' ? `MC${100_000 + i}` : null,
  usdotNumber: role === 'Carrier' ? String(2_000_000 + i) : null,
});

/**
 * Invoice `n` of the other companies, as the service stores one at its status (its lines, history, quick pay and
 * payment): issuer company `n % companies`, numbered in sequence per issuer; payer another company.
 */
function otherInvoice(n: number, companies: number, now: number): Invoice {
  const issuer = n % companies;
  const payer = (issuer + 1 + (Math.floor(n / companies) % (companies - 1))) % companies;
  const issuerId = companyIdOf(issuer);
  const payerId = companyIdOf(payer);
  const status = STATUS_MIX[n % STATUS_MIX.length]!;
  const termsDays = TERMS[n % TERMS.length]!;
  const paidAfter = 3 + ((n * 13) % 55); // days from submission to payment
  // Paid invoices were paid 1-150 days ago (some outside the 90-day window); open ones were sent 0-120 days ago.
  const submittedAgo = status === 'paid' ? paidAfter + 1 + ((n * 37) % 150) : (n * 37) % 120;
  const submittedAt = new Date(now - submittedAgo * DAY - (n % 86_400) * 1000);
  const dueAt = new Date(submittedAt.getTime() + termsDays * DAY);
  const approvedAt = ['approved', 'scheduled', 'paid'].includes(status)
    ? new Date(submittedAt.getTime() + Math.min(2, paidAfter) * DAY)
    : null;
  const paidAt = status === 'paid' ? new Date(submittedAt.getTime() + paidAfter * DAY) : null;
  const disputedAt = status === 'disputed' ? new Date(submittedAt.getTime() + DAY) : null;
  const [oc, os] = CITIES[n % CITIES.length]!;
  const [dc, ds] = CITIES[(n * 3 + 1) % CITIES.length]!;
  const lane = `${oc}, ${os} → ${dc}, ${ds}`;
  const linehaul = 80_000 + ((n * 7919) % 500_000);
  const lines: InvoiceLine[] = [
    {
      kind: 'linehaul',
      description: `Linehaul ${lane}`,
      amountCents: linehaul,
      dispute: disputedAt ? { reason: 'Rate differs from the rate confirmation', at: disputedAt } : null,
    },
    ...(n % 4 === 0
      ? [
          {
            kind: 'detention' as const,
            description: '2 hours at the receiver',
            amountCents: 10_000,
            dispute: null,
          },
        ]
      : []),
  ];
  const totalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const history: Invoice['history'] = [
    { at: submittedAt, status: 'submitted', text: `Sent by Owner ${issuer}` },
  ];
  if (approvedAt) history.push({ at: approvedAt, status: 'approved', text: `Approved by Owner ${payer}` });
  if (disputedAt)
    history.push({
      at: disputedAt,
      status: 'disputed',
      text: `Disputed by Owner ${payer}: Linehaul ${lane}`,
    });
  const scheduledFor =
    status === 'scheduled' ? new Date(now + (1 + (n % 20)) * DAY).toISOString().slice(0, 10) : null;
  if (scheduledFor)
    history.push({
      at: approvedAt!,
      status: 'scheduled',
      text: `Payment scheduled for ${scheduledFor} by Owner ${payer}`,
    });
  const quickPayAt = approvedAt && n % 5 === 0 ? new Date(approvedAt.getTime() + 3600_000) : null;
  const quickPay = quickPayAt
    ? {
        feeBps: 200,
        days: 2,
        requestedAt: quickPayAt,
        feeCents: Math.round(totalCents * 0.02),
        netCents: totalCents - Math.round(totalCents * 0.02),
        dueBy: new Date(quickPayAt.getTime() + 2 * DAY),
        missed: paidAt ? paidAt.getTime() > quickPayAt.getTime() + 2 * DAY : null,
      }
    : null;
  if (paidAt)
    history.push({ at: paidAt, status: 'paid', text: `Marked paid by Owner ${payer} (reference ACH ${n})` });
  if (status === 'replaced')
    history.push({
      at: new Date(submittedAt.getTime() + DAY),
      status: 'replaced',
      text: 'Replaced by a correction',
    });
  const sequence = Math.floor(n / companies) + 1;
  return {
    _id: new Types.ObjectId(),
    number: invoiceNumber(sequence),
    sequence,
    issuerKey: String(issuerId),
    status,
    version: history.length,
    currency: 'USD',
    loadId: new Types.ObjectId(),
    loadTitle: `${oc}, ${os} to ${dc}, ${ds}`,
    lane,
    issuerUserId: issuerId,
    companyId: issuerId,
    payerUserId: payerId,
    payerCompanyId: payerId,
    issuer: party(issuer, 'Carrier'),
    payer: party(payer, 'Shipper'),
    lines,
    totalCents,
    termsDays,
    submittedAt,
    dueAt,
    approvedAt,
    disputedAt,
    scheduledFor,
    paidAt,
    paymentReference: paidAt ? `ACH ${n}` : null,
    quickPay,
    replacesId: null,
    replacedById: status === 'replaced' ? new Types.ObjectId() : null,
    history,
    createdAt: submittedAt,
    updatedAt: history[history.length - 1]!.at,
  };
}

/** The seeded documents match the Invoice model: one of each status is validated by the schema first. */
function checkShape(companies: number, now: number) {
  for (const status of INVOICE_STATUSES) {
    const n = STATUS_MIX.indexOf(status);
    const error = new InvoiceModel(otherInvoice(n, companies, now)).validateSync();
    if (error)
      throw new Error(`invoices bench: a seeded ${status} invoice does not match the model: ${error}`);
  }
}

/**
 * `n` invoices of the other companies, with what the projectors and services keep beside them: each company's
 * document (a few with a quick pay offer), its invoice counter, its ratings summary, and each payer's days-to-pay
 * summary (`payer_payment_summaries`) holding the days in the window of the invoices it paid, as the projector adds
 * them. The raw driver's insertMany (the documents are already the model's, validated above).
 */
async function seedOthers(n: number, log: (line: string) => void): Promise<void> {
  const now = Date.now();
  const companies = companyCount(n);
  checkShape(companies, now);
  const from = windowStartDay(new Date(now));
  // payer → day → the day's sums, as the days-to-pay projector keeps them.
  const paid = new Map<number, Map<string, PaymentDay>>();
  const started = performance.now();
  let lastLog = started;
  for (let i = 0; i < n; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, n - i) }, (_, k) =>
      otherInvoice(i + k, companies, now),
    );
    for (const inv of docs) {
      if (!inv.paidAt) continue;
      const day = inv.paidAt.toISOString().slice(0, 10);
      if (day < from) continue;
      const payer = Number(`0x${String(inv.payerCompanyId).slice(8)}`);
      const days = paid.get(payer) ?? new Map<string, PaymentDay>();
      paid.set(payer, days);
      const d = days.get(day) ?? { day, count: 0, daysSum: 0, onTime: 0 };
      d.count += 1;
      d.daysSum += (inv.paidAt.getTime() - inv.submittedAt.getTime()) / DAY;
      d.onTime += inv.paidAt.getTime() <= inv.dueAt.getTime() ? 1 : 0;
      days.set(day, d);
    }
    await InvoiceModel.collection.insertMany(docs, { ordered: false });
    if (performance.now() - lastLog > 60_000) {
      lastLog = performance.now();
      const s = (lastLog - started) / 1000;
      log(
        `  invoices: ${i + docs.length} of ${n} invoices seeded (${round(s, 0)} s, ${round((i + docs.length) / s, 0)}/s)`,
      );
    }
  }
  const at = new Date(now);
  for (let c = 0; c < companies; c += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, companies - c) }, (_, k) => c + k);
    await CompanyModel.collection.insertMany(
      ids.map((i) => ({
        _id: companyIdOf(i),
        name: party(i, i % 2 ? 'Shipper' : 'Carrier').company,
        type: i % 2 ? 'shipper' : 'carrier',
        ownerId: companyIdOf(i),
        mcNumber: `MC${100_000 + i}`,
        usdotNumber: String(2_000_000 + i),
        isVerified: true,
        subscriptionStatus: 'active',
        subscriptionPlan: null,
        subscriptionExpiresAt: null,
        subscriptionCanceledAt: null,
        memberCount: 1,
        quickPay: i % 7 === 0 ? { feeBps: 200, days: 2 } : null,
        createdAt: at,
        updatedAt: at,
      })),
      { ordered: false },
    );
    await InvoiceCounterModel.collection.insertMany(
      ids.map((i) => ({ _id: String(companyIdOf(i)) as never, last: Math.ceil((n - i) / companies) })),
      { ordered: false },
    );
    await RatingSummaryModel.collection.insertMany(
      ids.map((i) => ({
        _id: String(companyIdOf(i)) as never,
        count: 3 + (i % 10),
        sum: (3 + (i % 10)) * 4,
        distribution: [0, 0, 1, 1, 1 + (i % 10)],
        aspectSums: {},
        lastSeq: 0,
      })),
      { ordered: false },
    );
    const summaries = ids
      .filter((i) => paid.has(i))
      .map((i) => ({
        _id: String(companyIdOf(i)) as never,
        days: [...paid.get(i)!.values()].sort((a, b) => a.day.localeCompare(b.day)),
        lastSeq: 0,
      }));
    if (summaries.length) await PayerPaymentsModel.collection.insertMany(summaries, { ordered: false });
  }
}

interface Measured {
  carrier: BenchClient;
  payer: BenchClient;
  payerCompanyId: string;
  carrierCompanyId: string;
  invoiceId: string;
  openLoadId: string;
  /** What the lists and the aging must show at both sizes (checked once per world before timing). */
  expected: { sent: number; received: number; aging: number };
}

const ok = async <T>(c: BenchClient, method: string, p: string, body?: unknown) => c.json<T>(method, p, body);

type InvoiceReply = { id: string; version: number; number: string; status: InvoiceStatus };

/**
 * The measured carrier and payer (signed up through the API), the payer's delivered loads (seeded, as growth seeds
 * the measured users' loads), and their invoices through the API so the projectors run: 10 delivered loads invoiced,
 * 5 of them approved and paid (the payer's days-to-pay needs 3), one scheduled, one approved, one disputed and
 * corrected (replaced plus its correction), two left submitted; and an open load the payer posted through the API.
 */
async function seedMeasured(baseUrl: string): Promise<Measured> {
  const [carrier, payer] = await Promise.all([
    new BenchClient(baseUrl).signUp('carrier', 'invoices-carrier'),
    new BenchClient(baseUrl).signUp('shipper', 'invoices-payer'),
  ]);
  const now = Date.now();
  const C = new Types.ObjectId(carrier.userId);
  const P = new Types.ObjectId(payer.userId);
  // Verified, with a proven email and a plan: what the payer needs to post a load (set as an admin would).
  await UserModel.updateMany({ _id: { $in: [C, P] } }, { $set: { isVerified: true, emailVerified: true } });
  await UserModel.updateOne(
    { _id: P },
    {
      $set: {
        subscriptionStatus: 'active',
        subscriptionPlan: 'shipper_basic',
        subscriptionExpiresAt: new Date(now + 20 * DAY),
      },
    },
  );
  const [payerUser, carrierUser] = await Promise.all(
    [P, C].map((id) => UserModel.findById(id, { companyId: 1 }).lean()),
  );
  if (!payerUser?.companyId || !carrierUser?.companyId)
    throw new Error('invoices bench: a measured user has no company');
  await CompanyModel.updateMany(
    { _id: { $in: [payerUser.companyId] } },
    { $set: { isVerified: true, subscriptionStatus: 'active', subscriptionPlan: 'shipper_basic' } },
  );
  const loads = await FreightModel.insertMany(
    Array.from({ length: 10 }, (_, n) => ({
      userId: P,
      shipperId: P,
      carrierId: C,
      title: `Chicago, IL to Dallas, TX #${n}`,
      originCity: 'Chicago',
      originState: 'IL',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      originLat: 41.8781,
      originLng: -87.6298,
      destinationLat: 32.7767,
      destinationLng: -96.797,
      equipmentType: 'dry_van',
      rateCents: 250_000 + n * 1000,
      distance: 925,
      status: 'delivered',
    })),
  );
  // The payer offers quick pay (the lists read each payer's offer).
  await ok(payer, 'PUT', '/api/company/quick-pay', { feeBps: 150, days: 3 });
  const sent: InvoiceReply[] = [];
  for (const l of loads)
    sent.push(
      await ok<InvoiceReply>(carrier, 'POST', '/api/invoices', { loadId: String(l._id), termsDays: 30 }),
    );
  const move = (inv: InvoiceReply, action: string, body: object = {}) =>
    ok<InvoiceReply>(payer, 'POST', `/api/invoices/${inv.id}/${action}`, { version: inv.version, ...body });
  for (const inv of sent.slice(0, 5)) {
    const approved = await move(inv, 'approve');
    await move(approved, 'pay', { reference: `ACH ${inv.number}` });
  }
  const approved = await move(sent[5]!, 'approve');
  await move(approved, 'schedule', { scheduledFor: new Date(now + 10 * DAY).toISOString().slice(0, 10) });
  await move(sent[6]!, 'approve');
  const disputed = await move(sent[7]!, 'dispute', { lines: [{ index: 0, reason: 'Rate differs' }] });
  await ok(carrier, 'POST', `/api/invoices/${disputed.id}/correct`, {
    version: disputed.version,
    linehaulCents: 240_000,
  });
  const open = await ok<{ id: string }>(payer, 'POST', '/api/freight', {
    title: 'Chicago, IL to Dallas, TX (open)',
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    rate: 2500,
    distance: 925,
  });
  // 11 invoices: 10 sent and the correction; open ones are all but the 5 paid and the replaced one.
  return {
    carrier,
    payer,
    payerCompanyId: String(payerUser.companyId),
    carrierCompanyId: String(carrierUser.companyId),
    invoiceId: sent[0]!.id,
    openLoadId: open.id,
    expected: { sent: 11, received: 11, aging: 5 },
  };
}

type DaysToPay = { averageDays: number; onTimeShare: number; count: number } | null;

/** The projectors have caught up and the answers are the fixed ones (the same at both sizes). */
async function checkMeasured(m: Measured): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const profile = await ok<{ daysToPay: DaysToPay }>(
      m.carrier,
      'GET',
      `/api/companies/${m.payerCompanyId}/profile`,
    );
    const load = await ok<{ posterRating?: { daysToPay?: DaysToPay } }>(
      m.carrier,
      'GET',
      `/api/freight/${m.openLoadId}`,
    );
    if (profile.daysToPay?.count === 5 && load.posterRating?.daysToPay?.count === 5) break;
    if (Date.now() > deadline)
      throw new Error(
        `invoices bench: days-to-pay never showed 5 paid invoices: ${JSON.stringify({ profile: profile.daysToPay, load: load.posterRating })}`,
      );
    await sleep(250);
  }
  const [sentPage, receivedPage] = await Promise.all([
    ok<{ total: number }>(m.carrier, 'GET', '/api/invoices/sent'),
    ok<{ total: number }>(m.payer, 'GET', '/api/invoices/received'),
  ]);
  type Aging = { buckets: Record<string, { count: number }> };
  const agingCount = (a: Aging) => Object.values(a.buckets).reduce((s, b) => s + b.count, 0);
  const aging = await ok<Aging>(m.payer, 'GET', '/api/invoices/aging?side=received');
  const got = { sent: sentPage.total, received: receivedPage.total, aging: agingCount(aging) };
  if (JSON.stringify(got) !== JSON.stringify(m.expected))
    throw new Error(`invoices bench: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(got)}`);
}

/** The storage plan of a query: on FerretDB/PostgreSQL its node (and index) and whether the filter was pushed down. */
function planOf(explain: Record<string, unknown>): string {
  type PgPlan = { 'Node Type'?: string; 'Index Name'?: string; Plans?: PgPlan[] };
  const planner = explain.queryPlanner as { Plan?: PgPlan; winningPlan?: unknown } | undefined;
  if (planner?.Plan) {
    const nodes: string[] = [];
    for (let n: PgPlan | undefined = planner.Plan; n; n = n.Plans?.[0])
      nodes.push(n['Index Name'] ? `${n['Node Type']} (${n['Index Name']})` : String(n['Node Type']));
    return `${nodes.join(' → ')}; filter pushed down: ${String(explain.filterPushdown)}`;
  }
  // MongoDB: the winning plan's stages, outermost first.
  const stages: string[] = [];
  type Stage = { stage?: string; indexName?: string; inputStage?: Stage };
  for (let s = planner?.winningPlan as Stage | undefined; s; s = s.inputStage)
    stages.push(s.indexName ? `${s.stage} (${s.indexName})` : String(s.stage));
  return stages.join(' → ');
}

/** How storage answers the measured companies' reads in this world (the bench's connection is on its database). */
async function explainReads(m: Measured): Promise<Array<{ query: string; plan: string }>> {
  const carrier = new Types.ObjectId(m.carrierCompanyId);
  const payer = new Types.ObjectId(m.payerCompanyId);
  const sort = { submittedAt: -1 as const, _id: -1 as const };
  const explain = (q: { explain(): Promise<unknown> }) =>
    q.explain().then((e) => planOf(e as Record<string, unknown>));
  return [
    {
      query: 'sent list { companyId }',
      plan: await explain(InvoiceModel.find({ companyId: carrier }).sort(sort)),
    },
    {
      query: 'received list { payerCompanyId }',
      plan: await explain(InvoiceModel.find({ payerCompanyId: payer }).sort(sort)),
    },
    { query: 'one invoice { _id }', plan: await explain(InvoiceModel.findById(m.invoiceId)) },
    {
      query: 'days-to-pay summary { _id }',
      plan: await explain(PayerPaymentsModel.findById(m.payerCompanyId)),
    },
  ];
}

type Path = { name: string; client: (m: Measured) => BenchClient; path: (m: Measured) => string };

const PATHS: Path[] = [
  { name: 'invoices sent (carrier)', client: (m) => m.carrier, path: () => '/api/invoices/sent' },
  { name: 'invoices received (payer)', client: (m) => m.payer, path: () => '/api/invoices/received' },
  { name: 'aging, sent side', client: (m) => m.carrier, path: () => '/api/invoices/aging?side=sent' },
  { name: 'aging, received side', client: (m) => m.payer, path: () => '/api/invoices/aging?side=received' },
  { name: 'one invoice', client: (m) => m.payer, path: (m) => `/api/invoices/${m.invoiceId}` },
  {
    name: "payer's profile (days-to-pay)",
    client: (m) => m.carrier,
    path: (m) => `/api/companies/${m.payerCompanyId}/profile`,
  },
  {
    name: "load details (poster's days-to-pay)",
    client: (m) => m.carrier,
    path: (m) => `/api/freight/${m.openLoadId}`,
  },
  { name: 'board, first page (badges)', client: (m) => m.carrier, path: () => '/api/freight' },
];

async function timeOnce(m: Measured, p: Path): Promise<number> {
  const t = performance.now();
  await p.client(m).json('GET', p.path(m));
  return performance.now() - t;
}

async function useDatabase(ctx: BenchContext, dbName: string) {
  await mongoose.disconnect();
  await mongoose.connect(ctx.mongoUri, { dbName });
}

interface World {
  size: number;
  server: ServerProcess;
  measured: Measured;
}

export async function invoicesAtScale(
  ctx: BenchContext,
  sizes: [number, number],
  samples: number,
): Promise<ScenarioResult> {
  const byPath = new Map<string, Array<ReturnType<typeof summarize>>>();
  const worlds: World[] = [];
  const databases: string[] = [];
  const timings: Record<string, number> = {};
  // The large world's plans (the last one seeded).
  let plans: Array<{ query: string; plan: string }> = [];
  try {
    for (const size of worldSizes(sizes)) {
      const database = `${ctx.database}_i${size}`;
      databases.push(database);
      await useDatabase(ctx, database);
      await Promise.all(MODELS.map((model) => model.createIndexes()));
      const t = performance.now();
      await seedOthers(size, ctx.log);
      const seeded = round((performance.now() - t) / 1000, 1);
      timings[`seed s @ ${size}`] = seeded;
      ctx.log(
        `  invoices: seeded ${size} invoices of ${companyCount(size)} companies in ${seeded} s (${round(size / Math.max(seeded, 0.001), 0)}/s)`,
      );
      const started = performance.now();
      const server = await startServer(ctx, {
        services: 'web',
        env: { MONGODB_DB: database, REDIS_PREFIX: `${database}:` },
      });
      const startS = round((performance.now() - started) / 1000, 1);
      timings[`server start s @ ${size}`] = startS;
      ctx.log(
        `  invoices: server started at ${size} invoices in ${startS} s (storage indexes made at start)`,
      );
      const measured = await seedMeasured(server.url);
      await checkMeasured(measured);
      plans = await explainReads(measured);
      for (const p of plans) ctx.log(`    plan @ ${size}: ${p.query}: ${p.plan}`);
      worlds.push({ size, server, measured });
    }
    // Interleaved: each round times every path, each at the small world and then at the large one, so a passing
    // load on the machine (PostgreSQL's autovacuum of the freshly seeded million rows, other processes) falls on
    // both sizes and on every path alike instead of on whichever path was being timed then.
    const warmUps = ctx.size === 'tiny' ? 0 : 2;
    const columns = twoColumns(worlds);
    const times = PATHS.map(() => columns.map(() => [] as number[]));
    for (let i = -warmUps; i < samples; i++) {
      for (const [k, p] of PATHS.entries()) {
        for (const [w, world] of columns.entries()) {
          const ms = await timeOnce(world.measured, p);
          if (i >= 0) times[k]![w]!.push(ms);
        }
      }
    }
    for (const [k, p] of PATHS.entries()) {
      const summaries = times[k]!.map((t) => summarize(t));
      ctx.log(
        `    ${p.name}: p50 ${summaries.map((s, w) => `${s.p50} ms @ ${columns[w]!.size}`).join(', ')}`,
      );
      byPath.set(p.name, summaries);
    }
  } finally {
    for (const world of worlds) await world.server.stop();
    for (const database of databases) {
      await useDatabase(ctx, database);
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    }
    await useDatabase(ctx, ctx.database);
  }
  const [small, large] = sizes;
  const ratioKey = `ratio (p50 ${large} ÷ ${small})`;
  const rows = PATHS.map((p) => {
    const [a, b] = byPath.get(p.name)!;
    const ratio = round(b!.p50 / Math.max(a!.p50, 0.1), 2);
    return {
      path: p.name,
      [`p50 ms @ ${small}`]: a!.p50,
      [`p50 ms @ ${large}`]: b!.p50,
      [`p95 ms @ ${small}`]: a!.p95,
      [`p95 ms @ ${large}`]: b!.p95,
      [ratioKey]: ratio,
      'goal ≤ 1.5': ratio <= 1.5 ? 'met' : 'NOT met',
    };
  });
  for (const r of rows) ctx.log(`  ${r.path}: ×${r[ratioKey]}`);
  return {
    name: `Invoices: the lists, aging and days-to-pay at ${large} ÷ ${small} invoices of other companies (${ctx.mongoKind})`,
    parameters: {
      sizes,
      samplesPerPath: samples,
      otherCompanies: sizes.map(companyCount),
      ...timings,
    },
    rows,
    notes: [
      `The invoices collection holds ${small}, then ${large} invoices of other companies (${companyCount(small)}, then ${companyCount(large)} companies, each issuing and paying about ${INVOICES_PER_COMPANY}; every status: 7 in 12 paid, 1-150 days ago, the rest submitted, approved, scheduled, disputed or replaced; some with quick pay), with each company's document, invoice counter, ratings summary and, for each payer, its days-to-pay summary as the projector keeps it (the paid days in the 90-day window).`,
      'The measured carrier and payer signed up through the API and own the same invoices at both sizes, made through the API so the projectors ran: 10 delivered loads invoiced, 5 approved and paid, 1 scheduled, 1 approved, 1 disputed and corrected, 2 submitted (11 invoices with the correction, 5 of them open), and 1 open load the payer posted through the API. Before timing, each world is checked: days-to-pay counts the 5 paid invoices on the profile and the load, the lists total 11, the aging counts the open ones.',
      `Storage plans at ${large} (explain on the measured companies' reads): ${plans.map((p) => `${p.query}: ${p.plan}`).join('; ')}.`,
      'Both sizes live at once, each in its own database with its own server process (web role); every round times each path once at each size in turn (sequential requests, small then large), 2 warm-up rounds and then the samples, so a passing load on the machine falls on both sizes alike.',
    ],
    extra: {
      goals: rows.map((r) => ({ figure: `invoices: ${r.path}`, value: r[ratioKey], goal: '≤ 1.5' })),
    },
  };
}
