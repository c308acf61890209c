import { SUBSCRIPTION_PLANS, planSatisfies, plansForUserType } from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, type TestApp } from '@test/helpers';
import { toActor } from '../../policies';
import { FreightModel } from '../freight/model';
import { UserModel } from '../users/model';
import { resetClock, setClock } from '../../infra/clock';
import { assertFeatureAccess } from '../../policies/gate';
import { assertCanPostLoad, assertCarrierCanTakeBooking } from '../freight/planLimits';
import { noCardPaymentProvider, setPaymentProvider } from './payments';
import { seedDemoMarketplace } from './seed';
import { expireSubscriptions } from './service';
import { SmallShipmentModel } from '../smallShipments/model';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  resetClock();
  setPaymentProvider(noCardPaymentProvider);
});

const actorOf = async (id: string) => toActor((await UserModel.findById(id).lean())!);

async function setPlan(id: string, plan: string | null, status = 'active', expiresAt: Date | null = null) {
  await UserModel.updateOne(
    { _id: id },
    { $set: { subscriptionStatus: status, subscriptionPlan: plan, subscriptionExpiresAt: expiresAt } },
  );
}

/**
 * A listing as the freight feature stores it (only the fields the counts read matter), with each party's company id
 * beside its person id as the schema stamps them (these are one-person companies: the company id is the person's).
 */
function listing(fields: Record<string, unknown>) {
  const doc: Record<string, unknown> = {
    userId: new Types.ObjectId(),
    title: 'Load',
    originCity: 'Dallas',
    originState: 'TX',
    destinationCity: 'Austin',
    destinationState: 'TX',
    equipmentType: 'dry_van',
    ...fields,
  };
  for (const [person, company] of [
    ['userId', 'companyId'],
    ['brokerId', 'brokerCompanyId'],
    ['carrierId', 'carrierCompanyId'],
  ] as const)
    if (doc[person]) doc[company] = doc[person];
  return doc;
}

describe('plans (SPEC §9)', () => {
  it('one table: eight plans, Pro marked Most Popular, prices as the spec', () => {
    expect(SUBSCRIPTION_PLANS.map((p) => [p.id, p.price, p.mostPopular])).toEqual([
      ['broker_basic', 99, false],
      ['broker_pro', 199, true],
      ['shipper_basic', 79, false],
      ['shipper_pro', 149, true],
      ['air_cargo_basic', 129, false],
      ['air_cargo_pro', 249, true],
      ['carrier_basic', 49, false],
      ['carrier_pro', 99, true],
    ]);
    expect(plansForUserType('individual_driver').map((p) => p.id)).toEqual(['broker_basic', 'broker_pro']);
  });

  it('plan check: basic is satisfied by basic or pro; pro needs pro', () => {
    expect(planSatisfies('carrier_basic', 'basic')).toBe(true);
    expect(planSatisfies('carrier_pro', 'basic')).toBe(true);
    expect(planSatisfies('carrier_basic', 'pro')).toBe(false);
    expect(planSatisfies('carrier_pro', 'pro')).toBe(true);
    expect(planSatisfies(null, 'basic')).toBe(false);
  });

  it('GET /api/subscriptions/plans answers the caller type, anything else falls back to broker plans', async () => {
    expect((await app.client().get('/api/subscriptions/plans')).status).toBe(401);
    const carrier = app.client();
    await carrier.registerAndLogin({ userType: 'carrier' });
    const res = await carrier.get('/api/subscriptions/plans');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(['carrier_basic', 'carrier_pro']);
    expect(res.body[1]).toMatchObject({ name: 'Carrier Pro', price: 99, mostPopular: true });

    const customer = app.client();
    await customer.login('customer@test.local');
    const fallback = await customer.get('/api/subscriptions/plans');
    expect(fallback.body.map((p: { id: string }) => p.id)).toEqual(['broker_basic', 'broker_pro']);
  });
});

describe('activation (call 29)', () => {
  it.each([
    ['another type’s plan', 'broker_pro'],
    ['an unknown tier', 'carrier_gold'],
    ['an empty plan', ''],
    ['no plan', undefined],
  ])('refuses %s with 400 and changes nothing', async (_name, plan) => {
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'carrier' });
    const res = await c.post('/api/subscriptions/activate', plan === undefined ? {} : { plan });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const stored = await UserModel.findById(user.id).lean();
    expect(stored).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });
  });

  it('refuses a customer (no plans of their own) with 400', async () => {
    const c = app.client();
    await c.login('customer@test.local');
    const res = await c.post('/api/subscriptions/activate', { plan: 'individual_customer_basic' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/carrier, shipper, broker and air cargo/);
  });

  it('activates for one month, answers the user and pushes subscription:changed', async () => {
    const at = new Date('2030-01-31T12:00:00.000Z');
    setClock(() => at);
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'air_cargo' });
    const socket = await c.socket();
    const pushed = nextEvent(socket, 'subscription:changed', (p) => p.userId === user.id);
    const res = await c.post('/api/subscriptions/activate', { plan: 'air_cargo_basic' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      user: {
        id: user.id,
        subscriptionStatus: 'active',
        subscriptionPlan: 'air_cargo_basic',
        subscriptionExpiresAt: '2030-02-28T12:00:00.000Z',
      },
    });
    expect(await pushed).toMatchObject({ subscriptionStatus: 'active', reason: 'activated' });
    expect((await c.get('/api/auth/user')).body.subscriptionPlan).toBe('air_cargo_basic');
    c.closeSockets();
  });

  it('goes through the payment provider: one that needs a step elsewhere leaves the plan unchanged', async () => {
    setPaymentProvider({
      name: 'redirecting',
      async charge() {
        return { status: 'requires_action', redirectUrl: 'https://pay.example/checkout/1' };
      },
    });
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'shipper' });
    const res = await c.post('/api/subscriptions/activate', { plan: 'shipper_pro' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'requires_action',
      redirectUrl: 'https://pay.example/checkout/1',
    });
    expect((await UserModel.findById(user.id).lean())?.subscriptionStatus).toBe('inactive');
  });
});

describe('the gate on the server (SPEC §2, §4, §5)', () => {
  it('refuses an inactive carrier with 403 naming the plan; admits an admin, an active Basic and an active Pro', async () => {
    const c = app.client();
    const carrier = await c.registerAndLogin({ userType: 'carrier' });
    const refused = assertFeatureAccess(await actorOf(carrier.id), 'air_freight');
    await expect(refused).rejects.toMatchObject({ status: 403 });
    await expect(refused).rejects.toThrow(/Carrier Basic or Carrier Pro/);

    const admin = await UserModel.findOne({ email: 'admin@test.local' }).lean();
    expect(admin?.subscriptionStatus).toBe('inactive');
    await expect(assertFeatureAccess(toActor(admin!), 'air_freight')).resolves.toBeUndefined();

    await setPlan(carrier.id, 'carrier_basic');
    await expect(assertFeatureAccess(await actorOf(carrier.id), 'air_freight')).resolves.toBeUndefined();
    await setPlan(carrier.id, 'carrier_pro', 'active', new Date(Date.now() + 60_000));
    await expect(assertFeatureAccess(await actorOf(carrier.id), 'air_freight')).resolves.toBeUndefined();
  });

  it('GET /api/freight?equipmentType=air_cargo: an inactive carrier is refused with 403, an admin is not', async () => {
    const carrier = app.client();
    await carrier.registerAndLogin({ userType: 'carrier' });
    const refused = await carrier.get('/api/freight?equipmentType=air_cargo');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/air freight marketplace.*Carrier Basic or Carrier Pro/);
    const admin = app.client();
    await admin.login('admin@test.local');
    const allowed = await admin.get('/api/freight?equipmentType=air_cargo');
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ page: 1, items: expect.any(Array) });
  });

  it('an active status with a past expiry is not active; past_due and canceled are refused', async () => {
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'broker' });
    await setPlan(user.id, 'broker_pro', 'active', new Date('2030-01-01T00:00:00Z'));
    setClock(() => new Date('2030-01-01T00:00:01Z'));
    await expect(assertFeatureAccess(await actorOf(user.id), 'air_freight')).rejects.toThrow(
      /Subscription Required/,
    );
    resetClock();
    for (const status of ['past_due', 'canceled']) {
      await setPlan(user.id, 'broker_pro', status);
      await expect(assertFeatureAccess(await actorOf(user.id), 'air_freight')).rejects.toMatchObject({
        status: 403,
      });
    }
  });
});

describe('plan limits (SPEC §9 contents, per calendar month)', () => {
  it('a Basic carrier’s 21st approved booking in a month is refused; last month’s do not count; Pro is unlimited', async () => {
    setClock(() => new Date('2031-05-20T10:00:00Z'));
    const c = app.client();
    const carrier = await c.registerAndLogin({ userType: 'carrier' });
    await setPlan(carrier.id, 'carrier_basic');
    const carrierId = new Types.ObjectId(carrier.id);
    const thisMonth = new Date('2031-05-03T00:00:00Z');
    const lastMonth = new Date('2031-04-30T23:59:59Z');
    // Timestamps as given: the freight feature stamps them itself; here they place each booking in a month.
    await FreightModel.collection.insertMany([
      ...Array.from({ length: 19 }, (_, i) =>
        listing({
          carrierId,
          status: i % 2 ? 'in_transit' : 'booked',
          createdAt: thisMonth,
          updatedAt: thisMonth,
        }),
      ),
      ...Array.from({ length: 5 }, () =>
        listing({ carrierId, status: 'delivered', createdAt: lastMonth, updatedAt: lastMonth }),
      ),
      listing({ carrierId, status: 'cancelled', createdAt: thisMonth, updatedAt: thisMonth }),
    ]);
    await expect(assertCarrierCanTakeBooking(carrier.id)).resolves.toBeUndefined(); // the 20th
    await FreightModel.collection.insertOne(
      listing({ carrierId, status: 'booked', createdAt: thisMonth, updatedAt: thisMonth }),
    );
    const refused = assertCarrierCanTakeBooking(carrier.id);
    await expect(refused).rejects.toMatchObject({ status: 403 });
    await expect(refused).rejects.toThrow(
      /Carrier Basic plan allows 20 approved bookings per month.*Carrier Pro/,
    );

    const usage = await c.get('/api/subscriptions/usage');
    expect(usage.body).toMatchObject({
      plan: 'carrier_basic',
      metric: 'bookings_approved',
      used: 20,
      limit: 20,
    });

    setClock(() => new Date('2031-06-01T00:00:00Z')); // a new month
    await expect(assertCarrierCanTakeBooking(carrier.id)).resolves.toBeUndefined();
    setClock(() => new Date('2031-05-20T10:00:00Z'));
    await setPlan(carrier.id, 'carrier_pro');
    await expect(assertCarrierCanTakeBooking(carrier.id)).resolves.toBeUndefined();
  });

  it('Shipper Basic: 30 loads a month; Air Cargo Basic: 40 air shipments (road loads do not count)', async () => {
    const at = new Date('2031-07-10T10:00:00Z');
    setClock(() => at);
    const shipper = await app.client().registerAndLogin({ userType: 'shipper' });
    await setPlan(shipper.id, 'shipper_basic');
    const shipperId = new Types.ObjectId(shipper.id);
    await FreightModel.collection.insertMany(
      Array.from({ length: 30 }, () => listing({ userId: shipperId, createdAt: at, updatedAt: at })),
    );
    await expect(assertCanPostLoad(await actorOf(shipper.id), { air: false })).rejects.toThrow(
      /Shipper Basic plan allows 30 loads posted per month.*Shipper Pro/,
    );

    const air = await app.client().registerAndLogin({ userType: 'air_cargo' });
    await setPlan(air.id, 'air_cargo_basic');
    const airId = new Types.ObjectId(air.id);
    await FreightModel.collection.insertMany([
      ...Array.from({ length: 39 }, () =>
        listing({ userId: airId, equipmentType: 'air_cargo', createdAt: at, updatedAt: at }),
      ),
      ...Array.from({ length: 3 }, () => listing({ userId: airId, createdAt: at, updatedAt: at })),
    ]);
    await expect(assertCanPostLoad(await actorOf(air.id), { air: true })).resolves.toBeUndefined();
    await FreightModel.collection.insertOne(
      listing({ userId: airId, equipmentType: 'air_cargo', createdAt: at, updatedAt: at }),
    );
    await expect(assertCanPostLoad(await actorOf(air.id), { air: true })).rejects.toThrow(
      /Air Cargo Basic plan allows 40 air shipments/,
    );
  });

  it('the plan is the company’s: every member’s loads count against one Basic cap (issue 28)', async () => {
    const at = new Date('2031-09-10T10:00:00Z');
    setClock(() => at);
    const owner = await app.client().registerAndLogin({ userType: 'shipper' });
    await setPlan(owner.id, 'shipper_basic');
    const companyId = new Types.ObjectId(owner.id); // a one-person company's id is its owner's
    const second = await app.client().registerAndLogin({ userType: 'shipper' });
    const copy = (await UserModel.findById(owner.id).lean())!;
    await UserModel.updateOne(
      { _id: second.id },
      {
        $set: {
          companyId,
          companyRole: 'dispatcher',
          isVerified: true,
          subscriptionStatus: copy.subscriptionStatus,
          subscriptionPlan: copy.subscriptionPlan,
          subscriptionExpiresAt: copy.subscriptionExpiresAt,
        },
      },
    );
    const secondId = new Types.ObjectId(second.id);
    await FreightModel.collection.insertMany([
      ...Array.from({ length: 29 }, () => listing({ userId: companyId, createdAt: at, updatedAt: at })),
      { ...listing({ userId: secondId, createdAt: at, updatedAt: at }), companyId },
    ]);
    await expect(assertCanPostLoad(await actorOf(second.id), { air: false })).rejects.toThrow(
      /Shipper Basic plan allows 30 loads posted per month/,
    );
    await expect(assertCanPostLoad(await actorOf(owner.id), { air: false })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('Broker Basic counts loads the broker posted or brokers', async () => {
    const at = new Date('2031-08-10T10:00:00Z');
    setClock(() => at);
    const broker = await app.client().registerAndLogin({ userType: 'broker' });
    await setPlan(broker.id, 'broker_basic');
    const brokerId = new Types.ObjectId(broker.id);
    await FreightModel.collection.insertMany([
      ...Array.from({ length: 45 }, () =>
        listing({ userId: brokerId, brokerId, createdAt: at, updatedAt: at }),
      ),
      ...Array.from({ length: 4 }, () => listing({ brokerId, createdAt: at, updatedAt: at })),
    ]);
    await expect(assertCanPostLoad(await actorOf(broker.id), { air: false })).resolves.toBeUndefined();
    await FreightModel.collection.insertOne(listing({ brokerId, createdAt: at, updatedAt: at }));
    await expect(assertCanPostLoad(await actorOf(broker.id), { air: true })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('cancellation (cancel at the end of the period)', () => {
  it('keeps the plan active until its date, marks it not renewed, pushes subscription:changed; expiry then ends it', async () => {
    const at = new Date('2031-03-10T09:00:00.000Z');
    setClock(() => at);
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'carrier' });
    expect((await c.post('/api/subscriptions/activate', { plan: 'carrier_basic' })).status).toBe(200);
    // The activation's own push comes from a projector after the answer: let it pass before listening.
    await app.rt.projectors.drain();
    const socket = await c.socket();
    const pushed = nextEvent(
      socket,
      'subscription:changed',
      (p) => p.userId === user.id && p.reason === 'canceled',
    );

    const res = await c.post('/api/subscriptions/cancel', { plan: 'carrier_basic' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      subscriptionStatus: 'active',
      subscriptionPlan: 'carrier_basic',
      subscriptionExpiresAt: '2031-04-10T09:00:00.000Z',
      subscriptionCanceledAt: '2031-03-10T09:00:00.000Z',
    });
    expect(await pushed).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionCanceledAt: '2031-03-10T09:00:00.000Z',
      reason: 'canceled',
    });
    // Still inside the period: the gate lets the canceled plan through.
    await expect(assertFeatureAccess(await actorOf(user.id), 'air_freight')).resolves.toBeUndefined();
    // A second cancel has nothing left to do.
    expect((await c.post('/api/subscriptions/cancel', { plan: 'carrier_basic' })).status).toBe(409);

    expect(await expireSubscriptions(new Date('2031-04-10T09:00:01.000Z'))).toContain(user.id);
    expect((await UserModel.findById(user.id).lean())?.subscriptionStatus).toBe('inactive');
    // Subscribing again starts a plan that renews.
    const again = await c.post('/api/subscriptions/activate', { plan: 'carrier_pro' });
    expect(again.body.user).toMatchObject({ subscriptionStatus: 'active', subscriptionCanceledAt: null });
    c.closeSockets();
  });

  it.each([
    ['no plan', {}, 400],
    ['an empty plan', { plan: '' }, 400],
    ['a plan other than the active one', { plan: 'carrier_pro' }, 400],
  ])('refuses %s and changes nothing', async (_name, body, status) => {
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'carrier' });
    await setPlan(user.id, 'carrier_basic', 'active', new Date(Date.now() + 86_400_000));
    const res = await c.post('/api/subscriptions/cancel', body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect((await UserModel.findById(user.id).lean())?.subscriptionCanceledAt).toBeNull();
  });

  it('refuses with 409 when there is no active subscription (none, or past its date)', async () => {
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'shipper' });
    const none = await c.post('/api/subscriptions/cancel', { plan: 'shipper_basic' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('There is no active subscription to cancel');
    await setPlan(user.id, 'shipper_basic', 'active', new Date(Date.now() - 1000));
    expect((await c.post('/api/subscriptions/cancel', { plan: 'shipper_basic' })).status).toBe(409);
  });

  it('access: a signed-out caller gets 401, a type without plans 403', async () => {
    expect((await app.client().post('/api/subscriptions/cancel', { plan: 'carrier_basic' })).status).toBe(
      401,
    );
    const c = app.client();
    await c.login('customer@test.local');
    const res = await c.post('/api/subscriptions/cancel', { plan: 'carrier_basic' });
    expect(res.status).toBe(403);
  });
});

describe('expiry', () => {
  it('flips subscriptions past their date to inactive (and only those), pushing subscription:changed', async () => {
    const c = app.client();
    const due = await c.registerAndLogin({ userType: 'carrier' });
    const later = await app.client().registerAndLogin({ userType: 'carrier' });
    const never = await app.client().registerAndLogin({ userType: 'carrier' });
    await setPlan(due.id, 'carrier_pro', 'active', new Date('2032-01-15T00:00:00Z'));
    await setPlan(later.id, 'carrier_pro', 'active', new Date('2032-02-15T00:00:00Z'));
    await setPlan(never.id, 'carrier_pro', 'active', null);
    const socket = await c.socket();
    const pushed = nextEvent(socket, 'subscription:changed', (p) => p.userId === due.id);

    expect(await expireSubscriptions(new Date('2032-01-14T23:59:59Z'))).not.toContain(due.id);
    const expired = await expireSubscriptions(new Date('2032-01-20T00:00:00Z'));
    expect(expired).toContain(due.id);
    expect(expired).not.toContain(later.id);
    expect(await pushed).toMatchObject({ subscriptionStatus: 'inactive', reason: 'expired' });
    const states = await UserModel.find({ _id: { $in: [due.id, later.id, never.id] } }).lean();
    const byId = Object.fromEntries(states.map((u) => [String(u._id), u.subscriptionStatus]));
    expect(byId).toEqual({ [due.id]: 'inactive', [later.id]: 'active', [never.id]: 'active' });
    c.closeSockets();
  });
});

describe('demo seed', () => {
  it('seeds air shipments and small shipments once', async () => {
    await seedDemoMarketplace(app.rt);
    await seedDemoMarketplace(app.rt);
    expect(
      await FreightModel.countDocuments({ equipmentType: 'air_cargo', userCompanyName: 'Test Air Cargo' }),
    ).toBe(3);
    const customer = await UserModel.findOne({ email: 'customer@test.local' }).lean();
    expect(await SmallShipmentModel.countDocuments({ shipperId: customer!._id })).toBe(2);
  });
});
