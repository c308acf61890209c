// Issue 30: the public API through a client generated from the document the server serves (openapi-typescript
// types, openapi-fetch): keys, scopes, companies, idempotency, rate limits, errors, loads and bookings; issue 40:
// invoices (lists by side with a cursor, one invoice, its PDF, another company's, a dispatcher's key).
import type { ApiKeyCreatedDto, ApiScope, PostLoadInput } from '@freight/shared';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import type { paths } from '@test/apiV1.generated';
import { API_TYPES_FILE, v1TypesOf } from '../../../../scripts/apiTypes';
import { lintOpenApi } from '../../../../scripts/apiLint';
import { Types } from 'mongoose';
import { ApiKeyModel } from '../apiKeys/model';
import { createApiKey } from '../apiKeys/service';
import { BUSINESS_FIELDS } from '../companies/service';
import { FreightModel } from '../freight/model';
import { loadInput as webLoadInput, postLoad, verifiedClient } from '../freight/testUtils';
import { seedLoad } from '../tracking/testing';
import { UserModel } from '../users/model';

type V1PostLoad = paths['/loads']['post']['requestBody']['content']['application/json'];
/** The test load, as the generated client types a POST /loads body. */
const loadInput = (o: Partial<PostLoadInput> = {}) => webLoadInput(o) as V1PostLoad;

const PER_MINUTE = 40;
let app: TestApp;
let shipper: TestClient;
let otherShipper: TestClient;
let carrier: TestClient;

beforeAll(async () => {
  app = await startTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE) } });
  shipper = await verifiedClient(app, 'shipper');
  otherShipper = await verifiedClient(app, 'shipper');
  carrier = await verifiedClient(app, 'carrier');
});
afterAll(async () => {
  await app?.close();
});

async function makeKey(
  c: TestClient,
  scopes: ApiScope[] = ['loads:read', 'loads:write', 'bookings:read', 'bookings:write'],
) {
  const res = await c.post('/api/api-keys', { name: 'TMS', scopes });
  expect(res.status, res.text).toBe(201);
  return res.body as ApiKeyCreatedDto;
}

function api(secret: string) {
  return createClient<paths>({
    baseUrl: `${app.url}/api/v1`,
    headers: { Authorization: `Bearer ${secret}` },
  });
}

describe('the OpenAPI document', () => {
  it('is served, passes redocly lint, and generates the types the tests compile against', async () => {
    const res = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/loads', '/loads/{id}', '/board']));
    const lint = lintOpenApi(doc);
    expect(lint.ok, lint.output).toBe(true);
    // The committed types are what the served document generates (else: `npm run api:types`).
    expect(await v1TypesOf(doc)).toBe(readFileSync(API_TYPES_FILE, 'utf8'));
  });
});

describe('API keys', () => {
  it('are shown once, stored hashed, listed by prefix with creator and last use', async () => {
    const { key, secret } = await makeKey(shipper);
    expect(secret).toMatch(/^fmk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const stored = await ApiKeyModel.findById(key.id).lean();
    expect(JSON.stringify(stored)).not.toContain(secret.split('_')[2]);
    expect(String(stored!.companyId)).toBe(shipper.user!.id); // no company yet: the account is its own company
    expect(String(stored!.createdBy)).toBe(shipper.user!.id);

    const { response } = await api(secret).GET('/loads', { params: { query: {} } });
    expect(response.status).toBe(200);
    // The last use is written after the answer (under the key's lease): poll for it as long as a busy machine needs,
    // not vitest's default second.
    await expect
      .poll(
        async () => {
          const list = await shipper.get('/api/api-keys');
          return list.body.find((k: { id: string }) => k.id === key.id);
        },
        { timeout: 15_000 },
      )
      .toMatchObject({
        prefix: key.prefix,
        createdBy: { id: shipper.user!.id },
        lastUsedAt: expect.any(String),
      });
    const list = await shipper.get('/api/api-keys');
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('a revoked key is 401 on its next request; no key is 401; a strange company cannot revoke it', async () => {
    const { key, secret } = await makeKey(shipper);
    expect((await api(secret).GET('/loads', { params: { query: {} } })).response.status).toBe(200);
    expect((await otherShipper.delete(`/api/api-keys/${key.id}`)).status).toBe(404);
    const revoked = await shipper.delete(`/api/api-keys/${key.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const after = await api(secret).GET('/loads', { params: { query: {} } });
    expect(after.response.status).toBe(401);
    expect(after.error).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const none = await fetch(`${app.url}/api/v1/loads`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('a key without the scope is 403; a key of another company reading a load is 404', async () => {
    const readOnly = await makeKey(shipper, ['loads:read']);
    const posted = await api(readOnly.secret).POST('/loads', { body: loadInput() });
    expect(posted.response.status).toBe(403);
    expect(posted.error).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('loads:write') },
    });

    const mine = await postLoad(shipper);
    expect(
      (await api(readOnly.secret).GET('/loads/{id}', { params: { path: { id: mine.id } } })).data,
    ).toMatchObject({
      id: mine.id,
    });
    const other = await makeKey(otherShipper);
    const read = await api(other.secret).GET('/loads/{id}', { params: { path: { id: mine.id } } });
    expect(read.response.status).toBe(404);
    const edit = await api(other.secret).PATCH('/loads/{id}', {
      params: { path: { id: mine.id } },
      body: { rate: 1 },
    });
    expect(edit.response.status).toBe(404);
  });

  it('only owners and admins manage keys; a carrier account is its own owner', async () => {
    const res = await carrier.post('/api/api-keys', { name: 'Dispatch', scopes: ['bookings:read'] });
    expect(res.status, res.text).toBe(201);
    const bad = await carrier.post('/api/api-keys', { name: 'x', scopes: ['everything'] });
    expect(bad.status).toBe(400);
  });

  it('is rate limited per key with RateLimit headers and Retry-After', async () => {
    const { secret } = await makeKey(shipper, ['loads:read']);
    const first = await api(secret).GET('/loads', { params: { query: {} } });
    expect(first.response.headers.get('ratelimit-policy')).toBe(`"per-key";q=${PER_MINUTE};w=60`);
    expect(first.response.headers.get('ratelimit')).toMatch(
      new RegExp(`^"per-key";r=${PER_MINUTE - 1};t=\\d+$`),
    );
    for (let i = 1; i < PER_MINUTE; i++) await api(secret).GET('/loads', { params: { query: {} } });
    const over = await api(secret).GET('/loads', { params: { query: {} } });
    expect(over.response.status).toBe(429);
    expect(Number(over.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.response.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(over.error).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    // Another key of the same company has its own quota.
    const other = await makeKey(shipper, ['loads:read']);
    expect((await api(other.secret).GET('/loads', { params: { query: {} } })).response.status).toBe(200);
  });
});

describe('loads', () => {
  it('post, read, edit, list with a cursor, search the board, withdraw', async () => {
    const { secret } = await makeKey(shipper);
    const client = api(secret);
    const ids: string[] = [];
    for (const rate of [1500, 1600, 1700]) {
      const { data, response } = await client.POST('/loads', {
        body: loadInput({ rate, title: `API ${rate}` }),
      });
      expect(response.status).toBe(201);
      ids.push(data!.id);
    }
    const edited = await client.PATCH('/loads/{id}', {
      params: { path: { id: ids[0]! } },
      body: { rate: 1550 },
    });
    expect(edited.data).toMatchObject({ id: ids[0], rate: 1550 });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await client.GET('/loads', { params: { query: { limit: 2, cursor } } });
      seen.push(...data!.data.map((l) => l.id));
      cursor = data!.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(new Set(seen).size).toBe(seen.length);

    const board = await client.GET('/board', { params: { query: { originStates: ['IL'], limit: 100 } } });
    expect(board.data!.data.map((l) => l.id)).toEqual(expect.arrayContaining(ids));

    const withdrawn = await client.POST('/loads/{id}/withdraw', {
      params: { path: { id: ids[2]! } },
      body: {},
    });
    expect(withdrawn.data).toMatchObject({ id: ids[2], status: 'cancelled' });

    const badCursor = await client.GET('/loads', { params: { query: { cursor: 'nope' } } });
    expect(badCursor.response.status).toBe(400);
    expect(badCursor.error).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('cursor') },
    });
    const invalid = await client.POST('/loads', { body: { ...loadInput(), originCity: '' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error!.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'originCity' })]),
    );
    const unknown = await fetch(`${app.url}/api/v1/nothing`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('Idempotency-Key', () => {
  it('the same POST twice makes one load; a different body with the key is 422', async () => {
    const { secret } = await makeKey(shipper);
    const client = api(secret);
    const body = loadInput({ title: 'Idempotent once' });
    const headers = { 'Idempotency-Key': 'order-1001' };
    const first = await client.POST('/loads', { body, params: { header: headers } });
    const second = await client.POST('/loads', { body, params: { header: headers } });
    expect(first.response.status).toBe(201);
    expect(second.response.status).toBe(201);
    expect(second.data!.id).toBe(first.data!.id);
    expect(second.response.headers.get('idempotent-replayed')).toBe('true');
    expect(await FreightModel.countDocuments({ title: 'Idempotent once' })).toBe(1);

    const changed = await client.POST('/loads', { body: { ...body, rate: 9 }, params: { header: headers } });
    expect(changed.response.status).toBe(422);
    expect(changed.error).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('twenty concurrent copies make one load', async () => {
    const { secret } = await makeKey(shipper);
    const client = api(secret);
    const body = loadInput({ title: 'Idempotent burst' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.POST('/loads', { body, params: { header: { 'Idempotency-Key': 'burst-1' } } }),
      ),
    );
    expect(answers.map((a) => a.response.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.data!.id)).size).toBe(1);
    expect(await FreightModel.countDocuments({ title: 'Idempotent burst' })).toBe(1);
    // The key is per API key: another key's same Idempotency-Key is its own request.
    const other = await makeKey(shipper);
    await api(other.secret).POST('/loads', { body, params: { header: { 'Idempotency-Key': 'burst-1' } } });
    expect(await FreightModel.countDocuments({ title: 'Idempotent burst' })).toBe(2);
  });
});

describe('bookings', () => {
  it('lists booking requests and offers on the company loads and answers them', async () => {
    const { secret } = await makeKey(shipper);
    const client = api(secret);
    const { data: load } = await client.POST('/loads', { body: loadInput({ title: 'Booked via API' }) });
    const req = await carrier.post(`/api/freight/${load!.id}/book`, { message: 'Ready' });
    expect(req.status, req.text).toBe(201);
    const { data: requests } = await client.GET('/booking-requests', { params: { query: {} } });
    const mine = requests!.data.find((r) => r.freightListingId === load!.id);
    expect(mine).toMatchObject({ status: 'pending', carrierId: carrier.user!.id });

    const otherKey = await makeKey(otherShipper);
    const stranger = await api(otherKey.secret).POST('/booking-requests/{id}/review', {
      params: { path: { id: mine!.id } },
      body: { status: 'approved' },
    });
    expect(stranger.response.status).toBe(404);

    const approved = await client.POST('/booking-requests/{id}/review', {
      params: { path: { id: mine!.id } },
      body: { status: 'approved' },
    });
    expect(approved.response.status).toBe(200);
    expect(approved.data).toMatchObject({ request: { status: 'approved' }, load: { status: 'booked' } });

    const { data: load2 } = await client.POST('/loads', { body: loadInput({ title: 'Offered via API' }) });
    const offer = await carrier.post(`/api/freight/${load2!.id}/negotiate`, { proposedRate: 1800 });
    expect(offer.status, offer.text).toBe(201);
    const { data: offers } = await client.GET('/offers', { params: { query: { status: 'pending' } } });
    const o = offers!.data.find((x) => x.freightListingId === load2!.id)!;
    const countered = await client.POST('/offers/{id}/answer', {
      params: { path: { id: o.id } },
      body: { action: 'counter', counterRate: 1900 },
    });
    expect(countered.data).toMatchObject({ offer: { status: 'counter_offered', counterRate: 1900 } });
  });
});

describe('invoices', () => {
  /** The seeded load's agreed rate (tracking/testing.ts). */
  const RATE_CENTS = 285050;
  let haulers: TestClient;
  let foods: TestClient;
  /** Three invoices Haulers sent Foods, newest last; one the individual carrier sent the other shipper. */
  const ids: string[] = [];
  let strangers = '';

  /** A member of `owner`'s company with `role`, and an API key they made while an admin (it acts as a dispatcher). */
  async function memberKey(owner: TestClient, role: 'dispatcher' | 'driver', scopes: ApiScope[]) {
    const ownerDoc = await UserModel.findById(owner.user!.id).lean();
    const member = await UserModel.create({
      _id: new Types.ObjectId(),
      email: `${role}-${new Types.ObjectId().toHexString()}@example.com`,
      passwordHash: ownerDoc!.passwordHash,
      authProvider: 'local',
      firstName: role,
      lastName: 'Member',
      emailVerified: true,
      ...Object.fromEntries(BUSINESS_FIELDS.map((f) => [f, ownerDoc![f] ?? null])),
      companyId: ownerDoc!.companyId,
      companyRole: 'admin',
    });
    const { secret } = await createApiKey(member, { name: role, scopes });
    await UserModel.updateOne({ _id: member._id }, { $set: { companyRole: role } });
    return secret;
  }

  async function sendInvoice(from: TestClient, loadId: string) {
    const res = await from.post('/api/invoices', { loadId });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; version: number };
  }

  beforeAll(async () => {
    [haulers, foods] = await Promise.all([
      verifiedClient(app, 'carrier', { companyName: 'API Haulers' }),
      verifiedClient(app, 'shipper', { companyName: 'API Foods' }),
    ]);
    const loads = await Promise.all(
      [1, 2, 3].map((n) =>
        seedLoad({
          posterId: foods.user!.id,
          carrierId: haulers.user!.id,
          status: 'delivered',
          title: `Invoiced ${n}`,
        }),
      ),
    );
    for (const loadId of loads) ids.push((await sendInvoice(haulers, loadId)).id);
    const other = await seedLoad({
      posterId: otherShipper.user!.id,
      carrierId: carrier.user!.id,
      status: 'delivered',
    });
    strangers = (await sendInvoice(carrier, other)).id;
  });

  it('lists the sent and received sides with a cursor and a status; reads one, without what only the web uses', async () => {
    const sender = api((await makeKey(haulers, ['invoices:read'])).secret);
    const payer = api((await makeKey(foods, ['invoices:read'])).secret);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data, response } = await sender.GET('/invoices', {
        params: { query: { side: 'sent', limit: 2, cursor } },
      });
      expect(response.status).toBe(200);
      seen.push(...data!.data.map((i) => i.id));
      cursor = data!.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse()); // newest first, each once
    expect((await payer.GET('/invoices', { params: { query: { side: 'sent' } } })).data!.data).toEqual([]);

    // The payer disputes the linehaul of one and approves another (on the web); the API reads the same state.
    const [first, second] = ids;
    const disputed = await foods.post(`/api/invoices/${first}/dispute`, {
      version: 1,
      lines: [{ index: 0, reason: 'The agreed rate was lower' }],
    });
    expect(disputed.status, disputed.text).toBe(200);
    expect((await foods.post(`/api/invoices/${second}/approve`, { version: 1 })).status).toBe(200);
    const received = await payer.GET('/invoices', { params: { query: { side: 'received' } } });
    expect(received.data!.data.map((i) => i.id)).toEqual([...ids].reverse());
    const approved = await payer.GET('/invoices', {
      params: { query: { side: 'received', status: 'approved' } },
    });
    expect(approved.data!.data.map((i) => i.id)).toEqual([second]);

    const { data: one } = await payer.GET('/invoices/{id}', { params: { path: { id: first! } } });
    expect(one).toMatchObject({
      id: first,
      status: 'disputed',
      currency: 'USD',
      totalCents: RATE_CENTS,
      amountsHidden: false,
      overdue: false,
      issuerName: 'API Haulers',
      payerName: 'API Foods',
      quickPayOffer: null,
      quickPay: null,
      lines: [
        {
          index: 0,
          kind: 'linehaul',
          amountCents: RATE_CENTS,
          dispute: { reason: 'The agreed rate was lower', at: expect.any(String) },
        },
      ],
      history: [
        { status: 'submitted' },
        { status: 'disputed', text: expect.stringContaining('Disputed by') },
      ],
      pdfUrl: `/api/v1/invoices/${first}/invoice.pdf`,
      rateConfirmationUrl: `/api/v1/loads/${one!.loadId}/documents/rate-confirmation.pdf`,
    });
    expect(Date.parse(one!.dueAt) - Date.parse(one!.submittedAt)).toBe(30 * 86_400_000);
    expect(one).not.toHaveProperty('viewerActions');
    expect(received.data!.data[0]).not.toHaveProperty('viewerActions');

    const missingSide = await fetch(`${app.url}/api/v1/invoices`, {
      headers: { Authorization: `Bearer ${(await makeKey(foods, ['invoices:read'])).secret}` },
    });
    expect(missingSide.status).toBe(400);
    expect(await missingSide.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it("downloads the PDF; another company's invoice is 404; a key without the scope is 403", async () => {
    const { secret } = await makeKey(haulers, ['invoices:read']);
    const pdf = await fetch(`${app.url}/api/v1/invoices/${ids[2]}/invoice.pdf`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/attachment; filename="INV-\d{6}\.pdf"/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(pdf.headers.get('content-length'))).toBe(bytes.length);

    const stranger = await api(secret).GET('/invoices/{id}', { params: { path: { id: strangers } } });
    expect(stranger.response.status).toBe(404);
    expect(stranger.error).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const strangerPdf = await fetch(`${app.url}/api/v1/invoices/${strangers}/invoice.pdf`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(strangerPdf.status).toBe(404);
    expect(
      (await api(secret).GET('/invoices/{id}', { params: { path: { id: 'nope' } } })).response.status,
    ).toBe(404);

    // Without invoices:read: 403 naming the scope, before anything is looked up (the same for a stranger's id).
    const loadsOnly = api((await makeKey(haulers, ['loads:read', 'documents:read'])).secret);
    const refused = await loadsOnly.GET('/invoices', { params: { query: { side: 'sent' } } });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('invoices:read') },
    });
    for (const id of [ids[0]!, strangers])
      expect((await loadsOnly.GET('/invoices/{id}', { params: { path: { id } } })).response.status).toBe(403);
  });

  it("a dispatcher's key reads the status without amounts and gets 403 on the PDF; a driver's, nothing", async () => {
    const dispatcher = api(await memberKey(foods, 'dispatcher', ['invoices:read']));
    const { data } = await dispatcher.GET('/invoices', { params: { query: { side: 'received' } } });
    expect(data!.data.map((i) => i.id)).toEqual([...ids].reverse());
    for (const inv of data!.data) {
      expect(inv).toMatchObject({
        amountsHidden: true,
        totalCents: null,
        paymentReference: null,
        pdfUrl: null,
      });
      expect(inv.lines.every((l) => l.amountCents === null)).toBe(true);
    }
    const one = await dispatcher.GET('/invoices/{id}', { params: { path: { id: ids[0]! } } });
    expect(one.data).toMatchObject({ id: ids[0], totalCents: null, amountsHidden: true });
    const pdf = await dispatcher.GET('/invoices/{id}/invoice.pdf', { params: { path: { id: ids[0]! } } });
    expect(pdf.response.status).toBe(403);

    const driver = api(await memberKey(haulers, 'driver', ['invoices:read']));
    expect((await driver.GET('/invoices', { params: { query: { side: 'sent' } } })).response.status).toBe(
      403,
    );
    expect((await driver.GET('/invoices/{id}', { params: { path: { id: ids[0]! } } })).response.status).toBe(
      404,
    );
  });
});
