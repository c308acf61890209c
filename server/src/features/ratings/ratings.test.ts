// Issue 40, item 5: ratings both ways after delivery, the summary the projector keeps, and the company profile.
import type {
  CompanyProfileDto,
  FreightListingDto,
  LoadHistoryPageDto,
  LoadRatingsDto,
  RatingDto,
  RatingInput,
} from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { resetClock, setClock } from '../../infra/clock';
import { companyOf, teamOf, type Team } from '../companies/members.testing';
import { verifiedClient } from '../freight/testUtils';
import { seedLoad } from '../tracking/testing';
import { DocumentModel } from '../documents/model';
import { RatingModel } from './model';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let carrierTeam: Team;

beforeAll(async () => {
  app = await startTestApp();
  shipper = await verifiedClient(app, 'shipper', { companyName: 'Lakeside Shipping' });
  carrier = await verifiedClient(app, 'carrier', { companyName: 'Prairie Haulers' });
  carrierTeam = await teamOf(app, carrier);
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => resetClock());

const delivered = () =>
  seedLoad({ posterId: shipper.user!.id, carrierId: carrier.user!.id, status: 'delivered' });

const carrierRates: RatingInput = {
  overall: 4,
  aspects: { onTime: 5, communication: 4, payment: 3 },
  comment: 'Paid a little late',
};
const shipperRates: RatingInput = { overall: 5, aspects: { onTime: 5, paperwork: 4 } };

async function profileOf(c: TestClient, companyId: string) {
  const res = await c.get(`/api/companies/${companyId}/profile`);
  expect(res.status, res.text).toBe(200);
  return res.body as CompanyProfileDto;
}

describe('rating a delivered load', () => {
  it('each side rates the other once; the rated side sees it live and in its summary', async () => {
    const id = await delivered();
    const shipperSocket = await shipper.socket();
    const before = await profileOf(carrier, await companyOf(shipper));

    const pushed = nextEvent(shipperSocket, 'rating:changed', (p) => p.rating.loadId === id);
    const given = await carrier.post(`/api/freight/${id}/rating`, carrierRates);
    expect(given.status, given.text).toBe(201);
    const rating = given.body as RatingDto;
    expect(rating).toMatchObject({
      fromCompanyId: await companyOf(carrier),
      fromName: 'Prairie Haulers',
      fromSide: 'carrier',
      toCompanyId: await companyOf(shipper),
      toName: 'Lakeside Shipping',
      overall: 4,
      aspects: { onTime: 5, communication: 4, payment: 3 },
      comment: 'Paid a little late',
      viewerActions: { edit: true },
    });
    const { summary } = await pushed;
    expect(summary.count).toBe(before.rating.count + 1);

    const back = await shipper.post(`/api/freight/${id}/rating`, shipperRates);
    expect(back.status, back.text).toBe(201);

    const seenByShipper = (await shipper.get(`/api/freight/${id}/ratings`)).body as LoadRatingsDto;
    expect(seenByShipper).toMatchObject({
      side: 'poster',
      ratee: { companyId: await companyOf(carrier), name: 'Prairie Haulers' },
      given: { overall: 5 },
      received: { overall: 4, comment: 'Paid a little late' },
      canRate: false,
    });
    // Another member of the carrier's company sees their company's rating, and may not rate again.
    const seenByDispatcher = (await carrierTeam.dispatcher.client.get(`/api/freight/${id}/ratings`))
      .body as LoadRatingsDto;
    expect(seenByDispatcher).toMatchObject({ side: 'carrier', given: { overall: 4 }, canRate: false });
    const again = await carrierTeam.dispatcher.client.post(`/api/freight/${id}/rating`, carrierRates);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/rated this load already/);

    const carrierProfile = await eventually(async () => {
      const p = await profileOf(shipper, await companyOf(carrier));
      return p.rating.count >= 1 && p;
    });
    expect(carrierProfile.rating.distribution[4]).toBeGreaterThanOrEqual(1);
  });

  it('changes a rating within 7 days (the change carries the previous values); refuses after', async () => {
    const id = await delivered();
    const given = await shipper.post(`/api/freight/${id}/rating`, { overall: 2 });
    expect(given.status, given.text).toBe(201);
    const givenAt = new Date((given.body as RatingDto).givenAt);

    setClock(() => new Date(givenAt.getTime() + 6 * 86_400_000));
    const changed = await shipper.patch(`/api/freight/${id}/rating`, {
      overall: 3,
      comment: 'Better on a second look',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ overall: 3, version: 2, givenAt: givenAt.toISOString() });
    const fact = await eventually(() =>
      RatingModel.db.collection('domain_events').findOne({ name: 'rating.changed', loadId: id }),
    );
    expect(fact.data).toMatchObject({ rating: { overall: 3 }, previous: { overall: 2, comment: null } });

    setClock(() => new Date(givenAt.getTime() + 7 * 86_400_000 + 1000));
    const late = await shipper.patch(`/api/freight/${id}/rating`, { overall: 1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/changed for 7 days/);
    const seen = (await shipper.get(`/api/freight/${id}/ratings`)).body as LoadRatingsDto;
    expect(seen.given).toMatchObject({ overall: 3, viewerActions: {} });
    // Both are in the load's history, for its participants (the carrier's side too).
    const history = (await carrier.get(`/api/freight/${id}/history`)).body as LoadHistoryPageDto;
    const rated = history.entries.filter((e) => e.name.startsWith('rating.'));
    expect(rated.map((e) => e.text)).toEqual([
      `Rated ${seen.given!.toName} 2 of 5`,
      `Rating of ${seen.given!.toName} changed from 2 to 3 of 5`,
    ]);
    expect(rated[0]!.by).toMatch(/^.+, .+/);
  });

  it('the summary counts a change once: the old score out, the new one in', async () => {
    const poster = await verifiedClient(app, 'shipper');
    const id = await seedLoad({
      posterId: poster.user!.id,
      carrierId: carrier.user!.id,
      status: 'delivered',
    });
    await carrier.post(`/api/freight/${id}/rating`, { overall: 1, aspects: { payment: 1 } });
    await carrier.patch(`/api/freight/${id}/rating`, { overall: 5, aspects: { payment: 4 } });
    const profile = await eventually(async () => {
      const p = await profileOf(carrier, await companyOf(poster));
      return p.rating.distribution[4] === 1 && p;
    });
    expect(profile.rating).toMatchObject({
      count: 1,
      distribution: [0, 0, 0, 0, 1],
      average: null, // below 3 ratings
      aspects: { payment: { count: 1, average: null } },
    });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const id = await delivered();
    const cases: Array<[unknown, string]> = [
      [{ overall: 0 }, 'overall'],
      [{ overall: 6 }, 'overall'],
      [{ overall: 4.5 }, 'overall'],
      [{ aspects: { onTime: 4 } }, 'overall'],
      [{ overall: 4, aspects: { onTime: 9 } }, 'aspects.onTime'],
      [{ overall: 4, comment: 'x'.repeat(1001) }, 'comment'],
      // A carrier rates its payer on payment, not paperwork.
      [{ overall: 4, aspects: { paperwork: 4 } }, 'aspects.paperwork'],
    ];
    for (const [body, field] of cases) {
      const res = await carrier.post(`/api/freight/${id}/rating`, body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
    }
    expect(await RatingModel.countDocuments({ loadId: new Types.ObjectId(id) })).toBe(0);
  });

  it('lets only the participants rate, by a role that rates; not before delivery', async () => {
    const id = await delivered();
    const stranger = await verifiedClient(app, 'carrier');
    expect((await stranger.post(`/api/freight/${id}/rating`, { overall: 1 })).status).toBe(404);
    for (const role of ['driver', 'viewer'] as const) {
      const res = await carrierTeam[role].client.post(`/api/freight/${id}/rating`, { overall: 1 });
      expect([403, 404], `${role}: ${res.text}`).toContain(res.status);
    }
    const viewer = await carrierTeam.viewer.client.post(`/api/freight/${id}/rating`, { overall: 1 });
    expect(viewer.body.message).toMatch(/owner, admins, dispatchers and accounting/);
    const accounting = await carrierTeam.accounting.client.post(`/api/freight/${id}/rating`, { overall: 3 });
    expect(accounting.status, accounting.text).toBe(201);

    const inTransit = await seedLoad({
      posterId: shipper.user!.id,
      carrierId: carrier.user!.id,
      status: 'in_transit',
    });
    const early = await carrier.post(`/api/freight/${inTransit}/rating`, { overall: 3 });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once it is delivered/);
    expect(await RatingModel.countDocuments({ loadId: new Types.ObjectId(inTransit) })).toBe(0);
  });

  it('offers the rate action on the delivered load to the raters only', async () => {
    const id = await delivered();
    const forCarrier = await carrier.get(`/api/freight/${id}`);
    expect(forCarrier.body.viewerActions).toEqual({ rate: 'allowed' });
    const forViewer = await carrierTeam.viewer.client.get(`/api/freight/${id}`);
    expect(forViewer.body.viewerActions).toEqual({});
  });

  it('two posts at once by one side make one rating, round after round', async () => {
    const rounds = stressSize(20, 4);
    for (let round = 0; round < rounds; round++) {
      const id = await delivered();
      const answers = await Promise.all([
        carrier.post(`/api/freight/${id}/rating`, { overall: 5 }),
        carrierTeam.dispatcher.client.post(`/api/freight/${id}/rating`, { overall: 1 }),
        shipper.post(`/api/freight/${id}/rating`, { overall: 4 }),
      ]);
      const carrierSide = answers
        .slice(0, 2)
        .map((a) => a.status)
        .sort();
      expect(carrierSide, `round ${round}`).toEqual([201, 409]);
      expect(answers[2].status).toBe(201);
      const stored = await RatingModel.find({ loadId: new Types.ObjectId(id) }).lean();
      expect(stored.map((r) => r.fromSide).sort()).toEqual(['carrier', 'poster']);
      const facts = await RatingModel.db
        .collection('domain_events')
        .countDocuments({ name: 'rating.given', loadId: id });
      expect(facts).toBe(2);
    }
  });
});

describe('the company profile', () => {
  it('shows numbers, approved documents by name, ratings, loads moved, member since; days-to-pay not yet', async () => {
    const hauler = await verifiedClient(app, 'carrier', { companyName: 'Ridge Line Trucking' });
    await DocumentModel.create({
      userId: hauler.user!.id,
      documentType: 'insurance',
      fileName: 'insurance.pdf',
      storageKey: 'never-served',
      mimeType: 'application/pdf',
      fileSize: 10,
      status: 'approved',
    });
    const ids = await Promise.all(
      [0, 1, 2].map(() =>
        seedLoad({ posterId: shipper.user!.id, carrierId: hauler.user!.id, status: 'delivered' }),
      ),
    );
    for (const [n, id] of ids.entries()) {
      const res = await shipper.post(`/api/freight/${id}/rating`, {
        overall: 3 + n,
        aspects: { onTime: 5, communication: 4, paperwork: 3 },
      });
      expect(res.status, res.text).toBe(201);
    }
    const profile = await eventually(async () => {
      const p = await profileOf(carrierTeam.viewer.client, await companyOf(hauler));
      return p.rating.count === 3 && p;
    });
    expect(profile).toMatchObject({
      id: await companyOf(hauler),
      name: 'Ridge Line Trucking',
      type: 'carrier',
      loadsMoved: 3,
      daysToPay: null,
      quickPayRecord: null,
      rating: {
        count: 3,
        average: 4,
        distribution: [0, 0, 1, 1, 1],
        aspects: {
          onTime: { average: 5, count: 3 },
          communication: { average: 4, count: 3 },
          paperwork: { average: 3, count: 3 },
        },
      },
    });
    expect(profile.verifiedDocuments).toEqual(['Insurance Certificate']);
    expect(Date.parse(profile.memberSince)).toBeGreaterThan(0);
    expect(JSON.stringify(profile)).not.toMatch(/insurance\.pdf|downloadUrl|storageKey/);

    // A load's answer carries its poster's badge; the figure shows from 3 ratings on.
    const load = await seedLoad({ posterId: hauler.user!.id });
    const listing = (await carrier.get(`/api/freight/${load}`)).body as FreightListingDto;
    expect(listing.posterRating).toEqual({ companyId: await companyOf(hauler), count: 3, average: 4 });
  });

  it('is for signed-in users; an unknown company is 404', async () => {
    const anonymous = app.client();
    expect((await anonymous.get(`/api/companies/${await companyOf(shipper)}/profile`)).status).toBe(401);
    expect((await shipper.get(`/api/companies/${new Types.ObjectId().toHexString()}/profile`)).status).toBe(
      404,
    );
    expect((await shipper.get('/api/companies/not-an-id/profile')).status).toBe(404);
  });
});
