// Company accounts (issue 28) through the API: a shipper company with several members (the second ones written
// directly with the company's id and a role, as invitations are another feature's), a carrier and another shipper.
import type { CompanyRole, FreightListingDto, UserDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  collectEvents,
  nextEvent,
  sleep,
  startTestApp,
  TEST_USER_PASSWORD,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { hashPassword } from '../account/passwords';
import { postLoad, verifiedClient } from '../freight/testUtils';
import { UserModel } from '../users/model';
import { CompanyModel } from './model';

let app: TestApp;
let owner: TestClient;
let ownerUser: UserDto;
let companyId: string;
let carrier: TestClient;
let stranger: TestClient;

/** A second member of the owner's company with this role, signed in. */
async function member(role: CompanyRole, firstName: string): Promise<TestClient> {
  const source = await UserModel.findById(ownerUser.id).lean();
  const email = uniqueEmail(role);
  await UserModel.create({
    _id: new Types.ObjectId(),
    email,
    passwordHash: await hashPassword(TEST_USER_PASSWORD),
    authProvider: 'local',
    firstName,
    lastName: 'Ruiz',
    emailVerified: true,
    // The business fields are the company's: a member holds a copy of them.
    userType: source!.userType,
    companyName: source!.companyName,
    isVerified: source!.isVerified,
    subscriptionStatus: source!.subscriptionStatus,
    subscriptionPlan: source!.subscriptionPlan,
    companyId: new Types.ObjectId(companyId),
    companyRole: role,
  });
  await CompanyModel.updateOne({ _id: companyId }, { $inc: { memberCount: 1 } });
  const c = app.client();
  await c.login(email, TEST_USER_PASSWORD);
  return c;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await verifiedClient(app, 'shipper', { companyName: 'Acme Freight' });
  ownerUser = owner.user!;
  companyId = String((await UserModel.findById(ownerUser.id).lean())!.companyId);
  carrier = await verifiedClient(app, 'carrier', { companyName: 'Road Runner LLC' });
  stranger = await verifiedClient(app, 'shipper', { companyName: 'Other Shipper' });
});
afterAll(async () => {
  await app?.close();
});

describe('a company with several members', () => {
  it('registration made the company with the registrant as its owner; /api/auth/user answers it', async () => {
    const me = (await owner.get('/api/auth/user')).body;
    expect(me).toMatchObject({
      userType: 'shipper',
      companyName: 'Acme Freight',
      company: { id: companyId, name: 'Acme Freight', role: 'owner' },
    });
    const company = await CompanyModel.findById(companyId).lean();
    expect(company).toMatchObject({ name: 'Acme Freight', type: 'shipper', memberCount: 1 });
    expect(String(company!.ownerId)).toBe(ownerUser.id);
  });

  it('a second member approves a request on the first one’s load; a viewer cannot; another company gets 404', async () => {
    const dana = await member('dispatcher', 'Dana');
    const viewer = await member('viewer', 'Vic');
    const me = (await dana.get('/api/auth/user')).body;
    expect(me).toMatchObject({
      userType: 'shipper',
      companyName: 'Acme Freight',
      company: { id: companyId, name: 'Acme Freight', role: 'dispatcher' },
    });

    // The second member's socket hears of the load the first one posts.
    const socket = await dana.socket();
    const ownerSocket = await owner.socket();
    const ownerPosted = collectEvents(ownerSocket, 'freight:posted');
    try {
      const posted = nextEvent(socket, 'freight:posted', (p) => p.listing.title === 'Company load', 10_000);
      const load: FreightListingDto = await postLoad(owner, { title: 'Company load' });
      expect((await posted).listing.id).toBe(load.id);

      // The load is the company's: the second member lists it among theirs, and manages it.
      const mine = (await dana.get('/api/freight/my-listings')).body;
      expect(mine.items.map((l: FreightListingDto) => l.id)).toContain(load.id);

      const requested = nextEvent(socket, 'booking:requested', (p) => p.request.freightListingId === load.id);
      const asked = await carrier.post(`/api/freight/${load.id}/book`, {});
      expect(asked.status).toBe(201);
      const requestId = asked.body.request.id as string;
      await requested;

      // Both members see it in the company's requests; the viewer reads them too.
      for (const c of [dana, viewer]) {
        const list = (await c.get('/api/booking-requests')).body;
        expect(list.items.map((r: { id: string }) => r.id)).toContain(requestId);
      }
      // A viewer reads but does not act; another company's member is told it does not exist.
      const byViewer = await viewer.post(`/api/booking-requests/${requestId}/review`, { status: 'approved' });
      expect(byViewer.status).toBe(404);
      const byStranger = await stranger.post(`/api/booking-requests/${requestId}/review`, {
        status: 'approved',
      });
      expect(byStranger.status).toBe(404);
      expect((await stranger.get(`/api/booking-requests`)).body.items).toEqual([]);

      const reviewed = nextEvent(ownerSocket, 'booking:reviewed', (p) => p.request.id === requestId);
      const approved = await dana.post(`/api/booking-requests/${requestId}/review`, { status: 'approved' });
      expect(approved.status).toBe(200);
      expect(approved.body.request.status).toBe('approved');
      // The first member's screen follows the second's action.
      expect((await reviewed).request.status).toBe('approved');

      // The load's history names the person and the company.
      await app.rt.projectors.drain();
      const history = (await owner.get(`/api/freight/${load.id}/history`)).body;
      const entry = history.entries.find((e: { name: string }) => e.name === 'booking.reviewed');
      expect(entry?.by).toBe('Dana Ruiz, Acme Freight');

      // The poster's own socket had the load from its answer, not a second copy from the company room.
      await sleep(200);
      expect(ownerPosted.filter((p) => p.listing.id === load.id)).toHaveLength(0);
    } finally {
      socket.disconnect();
      ownerSocket.disconnect();
    }
  });

  it('the business fields are the company’s: a plan or verification change reaches every member', async () => {
    const ann = await member('admin', 'Ann');
    const viewer = await member('viewer', 'Val');
    // The viewer may not buy a plan; the admin may, and the whole company has it.
    expect((await viewer.post('/api/subscriptions/activate', { plan: 'shipper_basic' })).status).toBe(403);
    const bought = await ann.post('/api/subscriptions/activate', { plan: 'shipper_basic' });
    expect(bought.status).toBe(200);
    for (const c of [owner, ann, viewer]) {
      const me = (await c.get('/api/auth/user')).body;
      expect(me).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'shipper_basic' });
    }
    expect(await CompanyModel.findById(companyId).lean()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'shipper_basic',
    });
  });
});
