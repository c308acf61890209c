import type { BookingRequestDto, NegotiationDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DocumentModel } from '../documents/model';
import { postLoad, verifiedClient } from '../freight/testUtils';
import { seedLoad } from '../tracking/testing';
import { UserModel } from '../users/model';

// Issue 16: carriers and brokers carry their MC and USDOT numbers, format-checked and unique, and shippers see them
// (with the carrier's approved documents) where they decide.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
});

const put = (c: TestClient, body: Record<string, unknown>) =>
  c.raw('put', '/api/users/me/authority').send(body);
let serial = 0;
/** A number no other test uses (7 digits, from the clock and a counter). */
const fresh = () => String(1_000_000 + ((Date.now() + serial++ * 7919) % 8_999_999));

describe('MC and USDOT numbers (issue 16)', () => {
  it('accepts them as people type them, stores the digits, and shows them on the profile', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const mc = fresh();
    const res = await put(carrier, { mcNumber: `MC-0${mc}`, usdotNumber: ` usdot ${mc.slice(0, 6)} ` });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ mcNumber: mc, usdotNumber: mc.slice(0, 6) });
    expect((await carrier.get('/api/auth/user')).body.mcNumber).toBe(mc);
    // Clearing one keeps the other out of nobody's way.
    expect((await put(carrier, { mcNumber: '', usdotNumber: mc.slice(0, 6) })).body.mcNumber).toBeNull();
  });

  it('refuses a malformed number with 400 naming the field, and other account types with 403; nothing changes', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const bad = await put(carrier, { mcNumber: 'MC12A', usdotNumber: null });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/mcNumber.*1 to 8 digits/);
    expect((await put(carrier, { mcNumber: '123456789' })).status).toBe(400);
    const shipper = await verifiedClient(app, 'shipper');
    const refused = await put(shipper, { mcNumber: fresh() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only carriers and brokers have MC and USDOT numbers');
    expect((await UserModel.findById(shipper.user!.id).lean())?.mcNumber ?? null).toBeNull();
    expect((await app.client().raw('put', '/api/users/me/authority').send({})).status).toBe(401);
  });

  it('keeps each number to one account, also when two claim it at once (10 rounds)', async () => {
    const a = await verifiedClient(app, 'carrier');
    const b = await verifiedClient(app, 'broker');
    const taken = fresh();
    expect((await put(a, { mcNumber: taken })).status).toBe(200);
    const second = await put(b, { mcNumber: taken });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(`MC ${taken} is already registered to another account`);
    // The holder may save it again.
    expect((await put(a, { mcNumber: taken, usdotNumber: null })).status).toBe(200);

    for (let round = 0; round < 10; round++) {
      const contested = fresh();
      const answers = await Promise.all([
        put(a, { mcNumber: null, usdotNumber: contested }),
        put(b, { mcNumber: null, usdotNumber: contested }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await UserModel.countDocuments({ usdotNumber: contested })).toBe(1);
    }
  });

  it("shows the carrier's numbers and approved documents on booking requests, and the numbers on offers", async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const mc = fresh();
    expect((await put(carrier, { mcNumber: mc, usdotNumber: mc })).status).toBe(200);
    await DocumentModel.create({
      userId: carrier.user!.id,
      documentType: 'insurance',
      fileName: 'insurance.pdf',
      storageKey: 'a'.repeat(32),
      fileSize: 10,
      mimeType: 'application/pdf',
      status: 'approved',
      expirationDate: new Date('2031-05-01T00:00:00Z'),
    });
    const shipper = await verifiedClient(app, 'shipper');
    const load = await postLoad(shipper, { title: 'Vetted load' });
    const asked = await carrier.post(`/api/freight/${load.id}/book`, {});
    expect(asked.status, asked.text).toBe(201);
    const requests = (await shipper.get('/api/booking-requests')).body.items as BookingRequestDto[];
    const request = requests.find((r) => r.freightListingId === load.id)!;
    expect(request).toMatchObject({
      carrierMcNumber: mc,
      carrierUsdotNumber: mc,
      carrierDocuments: [
        {
          documentType: 'insurance',
          label: 'Insurance Certificate',
          expirationDate: '2031-05-01T00:00:00.000Z',
        },
      ],
    });

    const broker = await verifiedClient(app, 'broker');
    const brokered = await postLoad(broker, { title: 'Vetted offer' });
    const offer = await carrier.post(`/api/freight/${brokered.id}/negotiate`, { proposedRate: 1500 });
    expect(offer.status, offer.text).toBe(201);
    const offers = (await broker.get('/api/broker/negotiations')).body.items as NegotiationDto[];
    expect(offers.find((n) => n.freightListingId === brokered.id)).toMatchObject({
      carrierMcNumber: mc,
      carrierUsdotNumber: mc,
    });
  });
});

describe("a load's parties (issue 16)", () => {
  it('shows the poster and the booked carrier with their numbers to the participants, and 404 to anyone else', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const mc = fresh();
    expect((await put(carrier, { mcNumber: mc, usdotNumber: null })).status).toBe(200);
    const shipper = await verifiedClient(app, 'shipper', { companyName: 'Parties Shipping' });
    const freightId = await seedLoad({ posterId: shipper.user!.id, carrierId: carrier.user!.id });
    for (const viewer of [shipper, carrier]) {
      const res = await viewer.get(`/api/freight/${freightId}/parties`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        // Each with its type, so the screens show road numbers only where they apply (issue 39).
        poster: { companyName: 'Parties Shipping', mcNumber: null, userType: 'shipper' },
        carrier: { mcNumber: mc, usdotNumber: null, userType: 'carrier' },
      });
    }
    const outsider = await verifiedClient(app, 'carrier');
    expect((await outsider.get(`/api/freight/${freightId}/parties`)).status).toBe(404);
    expect((await app.client().get(`/api/freight/${freightId}/parties`)).status).toBe(401);
  });
});
