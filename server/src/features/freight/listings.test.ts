import { haversineMiles } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { FreightModel } from './model';
import { airLoadInput, loadInput, postLoad, verifiedClient } from './testUtils';

let app: TestApp;
let shipper: TestClient;
let broker: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  shipper = app.client();
  await shipper.login('shipper@test.local');
  broker = app.client();
  await broker.login('broker@test.local');
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/freight (call 12)', () => {
  it('posts with the Post Load defaults, money in dollars, cents stored, company and coordinates filled in', async () => {
    const res = await shipper.post('/api/freight', {
      originCity: 'Chicago',
      originState: 'il',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      rate: 2450.5,
      weight: '',
      pickupDate: '',
      brokerId: 'ignored',
    });
    expect(res.status).toBe(201);
    const l = res.body;
    expect(l).toMatchObject({
      title: 'Chicago, IL to Dallas, TX',
      originState: 'IL',
      equipmentType: 'dry_van',
      equipmentLength: 53,
      weightClass: 'ftl',
      rateType: 'flat',
      pickupTimeStart: '08:00',
      pickupTimeEnd: '17:00',
      deliveryTimeStart: null,
      deliveryTimeEnd: null,
      isUrgent: false,
      isHazmat: false,
      requiresTarps: false,
      requiresStraps: false,
      requiresLiftgate: false,
      status: 'available',
      rate: 2450.5,
      weight: null,
      pickupDate: null,
      userCompanyName: 'Test Shipper Inc',
      searchRadius: 50,
      userId: shipper.user!.id,
      shipperId: shipper.user!.id,
      brokerId: null,
      carrierId: null,
    });
    expect(l).not.toHaveProperty('_id');
    // Chicago from the gazetteer (the median of its ZIP centroids), within a few miles of the city centre.
    expect(haversineMiles(l.originLat!, l.originLng!, 41.8781, -87.6298)).toBeLessThan(5);
    expect(l.distanceIsEstimate).toBe(true);
    expect(l.distance).toBeGreaterThan(800);
    expect(l.ratePerMile).toBeCloseTo(Math.round((2450.5 / l.distance) * 100) / 100, 2);
    const stored = await FreightModel.findById(l.id).lean();
    expect(stored?.rateCents).toBe(245050);
    expect(stored?.ratePerMileCents).toBe(Math.round(245050 / l.distance));
  });

  it('sets brokerId for a broker and keeps a date-only pickup on its calendar day', async () => {
    const l = await postLoad(broker, {
      pickupDate: '2030-06-01',
      deliveryDate: '2030-06-03',
      distance: 500,
      rate: 1000,
    });
    expect(l.brokerId).toBe(broker.user!.id);
    expect(l.pickupDate).toBe('2030-06-01T12:00:00.000Z');
    expect(l.ratePerMile).toBe(2);
  });

  it.each([
    ['a missing origin city', { originCity: '' }, 'originCity: Required'],
    ['a missing destination state', { destinationState: undefined }, 'destinationState'],
    ['an unknown state', { originState: 'ZZ' }, 'originState: Expected a two-letter US state code'],
    ['a negative rate', { rate: -1 }, 'rate'],
    ['a non-numeric weight', { weight: 'heavy' }, 'weight'],
    ['an unknown equipment type', { equipmentType: 'spaceship' }, 'equipmentType'],
    ['an air weight class on a road load', { weightClass: 'heavy' }, 'weightClass'],
    ['delivery before pickup', { pickupDate: '2030-06-05', deliveryDate: '2030-06-01' }, 'deliveryDate'],
    ['a bad time', { pickupTimeStart: '25:00' }, 'pickupTimeStart'],
  ])('refuses %s with 400 and stores nothing', async (_name, overrides, text) => {
    const before = await FreightModel.countDocuments();
    const res = await shipper.post('/api/freight', { ...loadInput(), ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toContain(text);
    expect(await FreightModel.countDocuments()).toBe(before);
  });

  it('needs a signed-in, verified shipper or broker', async () => {
    expect((await app.client().post('/api/freight', loadInput())).status).toBe(401);
    const unverified = app.client();
    await unverified.registerAndLogin({ userType: 'shipper' });
    const res = await unverified.post('/api/freight', loadInput());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Complete all required documents to access freight posting');
    const carrier = app.client();
    await carrier.login('carrier@test.local');
    expect((await carrier.post('/api/freight', loadInput())).status).toBe(403);
  });

  it('accepts air shipments from verified air cargo operators (and only air from them)', async () => {
    const air = app.client();
    await air.login('aircargo@test.local');
    const res = await air.post(
      '/api/freight',
      airLoadInput({ cargoType: 'pharma', weightClass: 'medium', isUrgent: true }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      equipmentType: 'air_cargo',
      originCountry: 'Germany',
      cargoType: 'pharma',
      weightClass: 'medium',
      isUrgent: true,
      equipmentLength: null,
      userCompanyName: 'Test Air Cargo',
    });
    expect((await air.post('/api/freight', loadInput())).status).toBe(403);
    const bad = await air.post('/api/freight', {
      ...loadInput(),
      equipmentType: 'air_cargo',
      weightClass: 'ftl',
    });
    expect(bad.status).toBe(400);
  });
});

describe('issue 39: countries from ISO 3166, the region optional outside the US, Canada and Mexico', () => {
  it('takes Bogota, Colombia without a region; asks for one in Canada; refuses a country not on the list', async () => {
    const air = app.client();
    await air.login('aircargo@test.local');
    const bogota = await air.post(
      '/api/freight',
      airLoadInput({
        title: '',
        destinationCity: 'Bogota',
        destinationState: '',
        destinationCountry: 'Colombia',
      }),
    );
    expect(bogota.status, bogota.text).toBe(201);
    expect(bogota.body).toMatchObject({
      destinationCity: 'Bogota',
      destinationState: '',
      destinationCountry: 'Colombia',
    });
    // The title made for it names the city alone, not "Bogota, ".
    expect(bogota.body.title).toBe('Frankfurt, Hesse to Bogota');
    // A former name is read as the list's.
    const uae = await air.post(
      '/api/freight',
      airLoadInput({ destinationCountry: 'UAE', destinationState: '' }),
    );
    expect(uae.status, uae.text).toBe(201);
    expect(uae.body.destinationCountry).toBe('United Arab Emirates');

    const before = await FreightModel.countDocuments({});
    const canada = await air.post(
      '/api/freight',
      airLoadInput({ destinationCity: 'Toronto', destinationState: '', destinationCountry: 'Canada' }),
    );
    expect(canada.status).toBe(400);
    expect(canada.body.message).toMatch(/destinationState: Required/);
    const narnia = await air.post('/api/freight', airLoadInput({ destinationCountry: 'Narnia' }));
    expect(narnia.status).toBe(400);
    expect(narnia.body.message).toMatch(/destinationCountry: Choose a country from the list/);
    // A road load still needs its US states.
    const road = await shipper.post('/api/freight', loadInput({ originState: '' }));
    expect(road.status).toBe(400);
    expect(road.body.message).toMatch(/originState: Required/);
    expect(await FreightModel.countDocuments({})).toBe(before);

    // Editing: the region may be cleared outside North America, not in the US.
    const cleared = await air.patch(`/api/freight/${uae.body.id}`, { destinationState: '' });
    expect(cleared.status, cleared.text).toBe(200);
    const usBound = await air.patch(`/api/freight/${uae.body.id}`, { destinationCountry: 'United States' });
    expect(usBound.status).toBe(400);
    expect(usBound.body.message).toMatch(/destinationState: Required/);
  });
});

describe('GET /api/freight/:id (call 13), my listings (9), broker freight (25)', () => {
  it('reads one load, also signed out; unknown or malformed ids are 404', async () => {
    const l = await postLoad(shipper);
    const res = await app.client().get(`/api/freight/${l.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(l.id);
    expect((await app.client().get('/api/freight/000000000000000000000000')).status).toBe(404);
    expect((await app.client().get('/api/freight/nope')).status).toBe(404);
  });

  it('lists my listings, paginated, and the broker freight only for brokers', async () => {
    const s = await verifiedClient(app, 'shipper');
    await postLoad(s, { title: 'one' });
    await postLoad(s, { title: 'two' });
    const mine = await s.get('/api/freight/my-listings?pageSize=1');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(mine.body.items[0].title).toBe('two');

    const b = await verifiedClient(app, 'broker');
    await postLoad(b, { title: 'broker load' });
    const bf = await b.get('/api/broker/freight');
    expect(bf.body.total).toBe(1);
    expect(bf.body.items[0].title).toBe('broker load');
    expect((await s.get('/api/broker/freight')).status).toBe(403);
    expect((await app.client().get('/api/broker/freight')).status).toBe(401);
  });
});

describe('Edit and Remove', () => {
  it('edits the poster’s available load and recomputes the rate per mile', async () => {
    const l = await postLoad(broker, { rate: 1000, distance: 500 });
    const res = await broker.patch(`/api/freight/${l.id}`, { rate: 1500, commodity: 'Paper' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rate: 1500, ratePerMile: 3, commodity: 'Paper', distance: 500 });
    const bad = await broker.patch(`/api/freight/${l.id}`, { originState: 'XX' });
    expect(bad.status).toBe(400);
  });

  it('hides other users’ loads (404) and cancels with Remove; a cancelled load cannot be edited or cancelled again', async () => {
    const l = await postLoad(broker);
    expect((await shipper.patch(`/api/freight/${l.id}`, { rate: 1 })).status).toBe(404);
    expect((await shipper.post(`/api/freight/${l.id}/cancel`)).status).toBe(404);
    const res = await broker.post(`/api/freight/${l.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect((await broker.patch(`/api/freight/${l.id}`, { rate: 1 })).status).toBe(409);
    expect((await broker.post(`/api/freight/${l.id}/cancel`)).status).toBe(409);
  });
});

describe('issue 41: detention, layover and TONU terms on the load', () => {
  const defaults = {
    freeTimeMinutes: 120,
    detentionPerHour: 75,
    billingStepMinutes: 15,
    layoverPerNight: 300,
    tonuBase: 200,
    tonuPerMile: 2,
  };

  it('posts with the defaults when the poster leaves them out, stored in cents', async () => {
    const l = await postLoad(shipper);
    expect(l.accessorialTerms).toEqual(defaults);
    const stored = await FreightModel.findById(l.id).lean();
    expect(stored?.accessorialTerms).toEqual({
      freeTimeMinutes: 120,
      detentionCentsPerHour: 7500,
      billingStepMinutes: 15,
      layoverCentsPerNight: 30000,
      tonuBaseCents: 20000,
      tonuCentsPerMile: 200,
    });
    // Everyone who sees the load sees its terms: signed out too.
    const read = await app.client().get(`/api/freight/${l.id}`);
    expect(read.body.accessorialTerms).toEqual(defaults);
  });

  it('posts custom terms (any left out take the default) and edits them while the load is available', async () => {
    const l = await postLoad(broker, {
      accessorialTerms: { freeTimeMinutes: 90, detentionPerHour: 92.5, tonuPerMile: 3 },
    });
    expect(l.accessorialTerms).toEqual({
      ...defaults,
      freeTimeMinutes: 90,
      detentionPerHour: 92.5,
      tonuPerMile: 3,
    });
    expect((await FreightModel.findById(l.id).lean())?.accessorialTerms?.detentionCentsPerHour).toBe(9250);

    // An edit changes what it sends and keeps the rest; one that leaves the terms out keeps them all.
    const edited = await broker.patch(`/api/freight/${l.id}`, { accessorialTerms: { layoverPerNight: 450 } });
    expect(edited.status).toBe(200);
    expect(edited.body.accessorialTerms).toEqual({
      ...defaults,
      freeTimeMinutes: 90,
      detentionPerHour: 92.5,
      tonuPerMile: 3,
      layoverPerNight: 450,
    });
    const other = await broker.patch(`/api/freight/${l.id}`, { commodity: 'Paper' });
    expect(other.body.accessorialTerms.layoverPerNight).toBe(450);
    // null resets them to the defaults.
    const reset = await broker.patch(`/api/freight/${l.id}`, { accessorialTerms: null });
    expect(reset.body.accessorialTerms).toEqual(defaults);
  });

  it('refuses bad terms with a 400 naming the field, and changes nothing', async () => {
    const refused = await shipper.post(
      '/api/freight',
      loadInput({ accessorialTerms: { detentionPerHour: -5 } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('accessorialTerms.detentionPerHour: Must not be negative');

    const l = await postLoad(shipper, { accessorialTerms: { detentionPerHour: 80 } });
    const before = await FreightModel.findById(l.id).lean();
    for (const [terms, message] of [
      [{ freeTimeMinutes: 24 * 60 + 1 }, 'accessorialTerms.freeTimeMinutes: At most 24 hours (1440 minutes)'],
      [{ detentionPerHour: 5000 }, 'accessorialTerms.detentionPerHour: At most $1,000 an hour'],
      [{ tonuBase: 'free' }, null],
      [{ layoverPerNight: 10.001 }, 'accessorialTerms.layoverPerNight: At most two decimals (cents)'],
    ] as const) {
      const res = await shipper.patch(`/api/freight/${l.id}`, {
        commodity: 'Changed',
        accessorialTerms: terms,
      });
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(/^accessorialTerms\.tonuBase: /);
    }
    const after = await FreightModel.findById(l.id).lean();
    expect(after?.accessorialTerms).toEqual(before?.accessorialTerms);
    expect(after?.commodity).toBe(before?.commodity ?? null);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it('reads a load stored before terms were kept as the defaults, and edits it from them', async () => {
    const l = await postLoad(shipper);
    await FreightModel.collection.updateOne(
      { _id: (await FreightModel.findById(l.id))!._id },
      {
        $unset: { accessorialTerms: '' },
      },
    );
    expect((await shipper.get(`/api/freight/${l.id}`)).body.accessorialTerms).toEqual(defaults);
    const edited = await shipper.patch(`/api/freight/${l.id}`, { accessorialTerms: { tonuBase: 250 } });
    expect(edited.body.accessorialTerms).toEqual({ ...defaults, tonuBase: 250 });
  });
});
