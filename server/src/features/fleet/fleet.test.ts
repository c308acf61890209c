import type { FreightListingDto, TruckDto } from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { runDocumentExpiry } from '../documents/expiry';
import { FreightModel } from '../freight/model';
import { LoadDocumentModel } from '../loadDocuments/model';
import { TruckModel, TruckPositionModel } from './model';
import {
  BAD_VIN,
  VINS,
  addTruck,
  approvedDriver,
  bookedLoad,
  carrierOwner,
  driverOf,
  isoDay,
  memberOf,
  truckInput,
  uploadCdl,
  uploadMedicalCard,
} from './testing';

/** Issue 29, items 1–3: trucks, drivers' compliance and a load's assignment, through the API on real services. */

let app: TestApp;
let admin: TestClient;
let shipper: TestClient;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
  admin = app.client();
  await admin.login('admin@test.local');
  shipper = app.client();
  await shipper.login('shipper@test.local');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const emit = <T>(socket: Awaited<ReturnType<TestClient['socket']>>, event: string, payload: object) =>
  (socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: object): Promise<T> } })
    .timeout(5000)
    .emitWithAck(event, payload);

describe('trucks', { timeout: 120_000 }, () => {
  it('adds, lists, edits, sets the status and removes a truck; refuses a wrong VIN with nothing stored', async () => {
    const owner = await carrierOwner(app);
    const bad = await owner.post('/api/fleet/trucks', truckInput({ vin: BAD_VIN }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/check digit/);
    const short = await owner.post('/api/fleet/trucks', truckInput({ vin: '1M8GDM9AX' }));
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/17 characters/);
    const kind = await owner.post('/api/fleet/trucks', { ...truckInput(), kind: 'air_cargo' });
    expect(kind.status).toBe(400);
    expect(await TruckModel.countDocuments({})).toBe(0);

    const truck = await addTruck(owner, { vin: VINS[1].toLowerCase() });
    expect(truck).toMatchObject({ unitNumber: '101', kind: 'flatbed', vin: VINS[1], status: 'available' });
    const list = await owner.get('/api/fleet/trucks');
    expect(list.body).toMatchObject({ total: 1, page: 1, viewerActions: { manage: true } });
    expect(list.body.items[0].id).toBe(truck.id);

    const edited = await owner.patch(`/api/fleet/trucks/${truck.id}`, { unitNumber: '102', length: 53 });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ unitNumber: '102', length: 53, status: 'available' });
    const out = await owner.patch(`/api/fleet/trucks/${truck.id}`, { status: 'out_of_service' });
    expect(out.body.status).toBe('out_of_service');
    const onLoad = await owner.patch(`/api/fleet/trucks/${truck.id}`, { status: 'on_load' });
    expect(onLoad.status).toBe(400);
    expect((await TruckModel.findById(truck.id).lean())?.status).toBe('out_of_service');

    expect((await owner.delete(`/api/fleet/trucks/${truck.id}`)).status).toBe(204);
    expect(await TruckModel.countDocuments({ _id: truck.id })).toBe(0);
  });

  it('another company’s truck is not found (404) for reads, edits and removal, and stays as it was', async () => {
    const owner = await carrierOwner(app);
    const truck = await addTruck(owner);
    const stranger = await carrierOwner(app, 'Other Freight');
    expect((await stranger.get(`/api/fleet/trucks/${truck.id}`)).status).toBe(404);
    const edit = await stranger.patch(`/api/fleet/trucks/${truck.id}`, { unitNumber: 'X' });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Truck not found');
    expect((await stranger.delete(`/api/fleet/trucks/${truck.id}`)).status).toBe(404);
    expect((await stranger.get('/api/fleet/trucks')).body.total).toBe(0);
    expect((await TruckModel.findById(truck.id).lean())?.unitNumber).toBe('101');
  });

  it('the company’s viewers read trucks; only owners, admins and dispatchers change them', async () => {
    const owner = await carrierOwner(app);
    const truck = await addTruck(owner);
    const viewer = await memberOf(app, owner, 'viewer');
    const list = await viewer.get('/api/fleet/trucks');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, viewerActions: {} });
    const add = await viewer.post('/api/fleet/trucks', truckInput({ unitNumber: '2' }));
    expect(add.status).toBe(403);
    expect((await viewer.patch(`/api/fleet/trucks/${truck.id}`, { unitNumber: '9' })).status).toBe(403);
    const dispatcher = await memberOf(app, owner, 'dispatcher');
    expect((await dispatcher.patch(`/api/fleet/trucks/${truck.id}`, { unitNumber: '9' })).status).toBe(200);
    const shipperList = await shipper.get('/api/fleet/trucks');
    expect(shipperList.status).toBe(403);
  });

  it('where the trucks are is seen by owners, admins and dispatchers only: the fleet room and the REST reads alike', async () => {
    // Three companies (Carrier Basic has three seats), each with a truck that has a position.
    const members: Array<{ role: string; member: TestClient; truckId: string }> = [];
    for (const [n, roles] of [['admin', 'dispatcher'], ['accounting', 'viewer'], ['driver']].entries()) {
      const owner = await carrierOwner(app, `Watchful Freight ${n}`);
      const truck = await addTruck(owner);
      const stored = (await TruckModel.findById(truck.id).lean())!;
      await TruckPositionModel.create({
        _id: stored._id,
        companyId: stored.companyId,
        loadId: new Types.ObjectId(),
        lat: 41.9,
        lng: -87.6,
        at: new Date(),
      });
      if (n === 0) members.push({ role: 'owner', member: owner, truckId: truck.id });
      for (const role of roles)
        members.push({ role, member: await memberOf(app, owner, role), truckId: truck.id });
    }
    for (const { role, member, truckId } of members) {
      const watches = ['owner', 'admin', 'dispatcher'].includes(role);
      const list = await member.get('/api/fleet/trucks');
      expect(list.status, role).toBe(200);
      expect(Boolean(list.body.viewerActions.watch), role).toBe(watches);
      expect((list.body.items as TruckDto[])[0]!.lastPosition, role).toEqual(
        watches ? expect.objectContaining({ lat: 41.9, lng: -87.6 }) : null,
      );
      const one = await member.get(`/api/fleet/trucks/${truckId}`);
      expect(one.status, role).toBe(200);
      expect(one.body.lastPosition === null, role).toBe(!watches);
      const socket = await member.socket();
      const joined = await emit<{ ok: boolean; error?: { message: string } }>(socket, 'fleet:join', {});
      expect(joined.ok, role).toBe(watches);
      if (!watches) expect(joined.error!.message).toMatch(/shown to its owners, admins and dispatchers/);
      socket.disconnect();
    }
  });

  it('Carrier Basic (and no plan) keeps one truck: two adds racing at the cap, many rounds, one wins', async () => {
    const owner = await carrierOwner(app);
    for (let round = 0; round < 6; round++) {
      const [a, b] = await Promise.all([
        owner.post('/api/fleet/trucks', truckInput({ unitNumber: `A${round}` })),
        owner.post('/api/fleet/trucks', truckInput({ unitNumber: `B${round}` })),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 403]);
      const refused = a.status === 403 ? a : b;
      expect(refused.body.message).toMatch(/allows 1 truck.*Carrier Pro/);
      expect((await owner.get('/api/fleet/trucks')).body.total).toBe(1);
      const winner = a.status === 201 ? a : b;
      expect((await owner.delete(`/api/fleet/trucks/${winner.body.id}`)).status).toBe(204);
    }
    // On Carrier Pro, any number.
    expect((await owner.post('/api/subscriptions/activate', { plan: 'carrier_pro' })).status).toBe(200);
    for (const unitNumber of ['1', '2', '3']) await addTruck(owner, { unitNumber });
    expect((await owner.get('/api/fleet/trucks')).body.total).toBe(3);
  });
});

describe('drivers and their compliance', { timeout: 120_000 }, () => {
  it('a driver’s CDL and medical card are reviewed, and only approved, current ones make them assignable', async () => {
    const owner = await carrierOwner(app);
    const driver = await memberOf(app, owner, 'driver', 'Rita');
    const past = await uploadCdl(driver, { cdlExpiresOn: isoDay(-3) });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/cdlExpiresOn: this date has passed/);
    const noFile = await driver
      .raw('post', '/api/fleet/drivers/me/medical-card')
      .field('medicalCardExpiresOn', isoDay(30));
    expect(noFile.status).toBe(400);
    expect((await driverOf(owner, driver.user!.id)).unassignableReason).toBe(
      'No CDL on file; No Medical card on file',
    );
    // Only drivers upload their own.
    expect((await uploadCdl(owner)).status).toBe(403);

    const cdl = await uploadCdl(driver, { cdlNumber: 'r1234567' });
    expect(cdl.status, cdl.text).toBe(201);
    expect(cdl.body).toMatchObject({ documentType: 'driver_cdl', status: 'pending' });
    const medical = await uploadMedicalCard(driver);
    expect(medical.status, medical.text).toBe(201);
    let seen = await driverOf(owner, driver.user!.id);
    expect(seen).toMatchObject({
      firstName: 'Rita',
      assignable: false,
      unassignableReason: 'CDL awaiting review; Medical card awaiting review',
      cdl: { number: 'R1234567', state: 'IL', class: 'A' },
    });
    // The same review queue as company documents.
    const queue = await admin.get('/api/admin/documents/pending?pageSize=100');
    expect(queue.body.items.map((d: { id: string }) => d.id)).toEqual(
      expect.arrayContaining([cdl.body.id, medical.body.id]),
    );
    await admin.post(`/api/admin/documents/${cdl.body.id}/review`, { status: 'approved' });
    await admin.post(`/api/admin/documents/${medical.body.id}/review`, {
      status: 'rejected',
      rejectionReason: 'Unreadable scan',
    });
    seen = await driverOf(owner, driver.user!.id);
    expect(seen.unassignableReason).toBe('Medical card rejected: Unreadable scan');
    const again = await uploadMedicalCard(driver);
    await admin.post(`/api/admin/documents/${again.body.id}/review`, { status: 'approved' });
    seen = await driverOf(owner, driver.user!.id);
    expect(seen).toMatchObject({ assignable: true, unassignableReason: null });
    expect((await driver.get('/api/fleet/drivers/me')).body.assignable).toBe(true);
  });
});

describe('assigning a load', { timeout: 180_000 }, () => {
  it('assigns a truck and driver: the poster sees them live, the driver is told, the truck is on the load, the rate confirmation names them', async () => {
    const owner = await carrierOwner(app);
    const driver = await approvedDriver(app, owner, admin, 'Dana');
    const truck = await addTruck(owner, { unitNumber: '7' });
    const loadId = await bookedLoad(shipper.user!.id, owner.user!.id);
    const watcher = await shipper.socket();
    expect(await emit(watcher, 'freight:join', { freightId: loadId })).toMatchObject({ ok: true });
    const fleet = await owner.socket();
    expect(await emit(fleet, 'fleet:join', {})).toMatchObject({ ok: true });

    const seenLive = nextEvent(watcher, 'freight:assigned', (p) => p.freightId === loadId, 15_000);
    const truckLive = nextEvent(fleet, 'fleet:truck', (p) => p.truck.id === truck.id, 15_000);
    const res = await owner.post(`/api/freight/${loadId}/assignment`, {
      truckId: truck.id,
      driverId: driver.id,
      shareDriverPhone: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.assignment).toMatchObject({
      truckId: truck.id,
      truckUnit: '7',
      driverId: driver.id,
      driverFirstName: 'Dana',
      driverPhone: '555-0101',
      overrideReason: null,
    });
    expect((await seenLive).assignment).toMatchObject({ truckUnit: '7', driverFirstName: 'Dana' });
    expect((await truckLive).truck).toMatchObject({ status: 'on_load', currentLoadId: loadId });
    const tracking = await shipper.get(`/api/freight/${loadId}/tracking`);
    expect(tracking.body.assignment).toMatchObject({ truckUnit: '7', driverFirstName: 'Dana' });
    expect(tracking.body.viewerActions.assign).toBeUndefined();
    expect((await owner.get(`/api/freight/${loadId}/tracking`)).body.viewerActions.assign).toBe(true);

    const titles = async (c: TestClient) =>
      ((await c.get('/api/notifications')).body.items as Array<{ title: string }>).map((n) => n.title);
    await eventually(
      async () => (await titles(driver.client)).includes('You are assigned to load Steel coils to Dallas'),
      30_000,
    );
    // The rate confirmation is made (again) naming them.
    await eventually(async () => {
      const doc = await LoadDocumentModel.findOne({
        freightListingId: loadId,
        kind: 'rate_confirmation',
      }).lean();
      return doc?.assignedAt?.toISOString() === res.body.assignment.assignedAt;
    }, 30_000);
    // The position of the load's pings becomes the truck's, live on the fleet map.
    const moved = nextEvent(fleet, 'fleet:position', (p) => p.truckId === truck.id, 15_000);
    // Once a driver is assigned, the position is the driver's phone's: the office's is refused.
    const fromOffice = await owner.post(`/api/freight/${loadId}/location`, { latitude: 39, longitude: -90 });
    expect(fromOffice.status).toBe(403);
    expect(fromOffice.body.message).toMatch(/driver assigned to this load shares its location/);
    expect(
      (await owner.get(`/api/freight/${loadId}/tracking`)).body.viewerActions.updateLocation,
    ).toBeUndefined();
    const ping = await driver.client.post(`/api/freight/${loadId}/location`, {
      latitude: 41.6,
      longitude: -88.1,
    });
    expect(ping.status, ping.text).toBe(200);
    expect((await moved).position).toMatchObject({ lat: 41.6, lng: -88.1 });
    expect((await TruckPositionModel.findById(truck.id).lean())?.lat).toBe(41.6);
    const listed = (await owner.get('/api/fleet/trucks')).body.items as TruckDto[];
    expect(listed[0].lastPosition).toMatchObject({ lat: 41.6, lng: -88.1 });
    // On a load, the truck can't be removed or taken out of service.
    const remove = await owner.delete(`/api/fleet/trucks/${truck.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(/runs load Steel coils to Dallas/);
    expect((await owner.patch(`/api/fleet/trucks/${truck.id}`, { status: 'out_of_service' })).status).toBe(
      409,
    );

    // Cancelled: the truck is free again.
    expect((await shipper.post(`/api/freight/${loadId}/status`, { status: 'cancelled' })).status).toBe(200);
    await app.rt.projectors.drain();
    await eventually(
      async () => (await TruckModel.findById(truck.id).lean())?.status === 'available',
      30_000,
    );
    expect((await TruckModel.findById(truck.id).lean())?.currentLoadId).toBeNull();
  });

  it('refuses a truck that does not fit, another company’s truck or driver, and an expired CDL, changing nothing', async () => {
    const owner = await carrierOwner(app);
    await owner.post('/api/subscriptions/activate', { plan: 'carrier_pro' });
    const driver = await approvedDriver(app, owner, admin);
    const reefer = await addTruck(owner, { unitNumber: 'R1', kind: 'reefer' });
    const flatbed = await addTruck(owner, { unitNumber: 'F1', kind: 'flatbed' });
    const loadId = await bookedLoad(shipper.user!.id, owner.user!.id); // flatbed
    const assign = (truckId: string, driverId = driver.id) =>
      owner.post(`/api/freight/${loadId}/assignment`, { truckId, driverId });
    const unchanged = async () => {
      const load = await FreightModel.findById(loadId).lean();
      expect(load).toMatchObject({ assignedTruckId: null, assignedDriverId: null, assignment: null });
      expect((await TruckModel.findById(flatbed.id).lean())?.status).toBe('available');
    };

    const unfit = await assign(reefer.id);
    expect(unfit.status).toBe(400);
    expect(unfit.body.message).toBe('Truck R1 is a Reefer; this load needs a Flatbed');
    await unchanged();

    const other = await carrierOwner(app, 'Other Lines');
    const theirs = await addTruck(other, { unitNumber: 'O1' });
    const foreign = await assign(theirs.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Truck not found');
    expect((await assign(flatbed.id, other.user!.id)).status).toBe(404);
    // A stranger to the load learns nothing of it.
    const stranger = await other.post(`/api/freight/${loadId}/assignment`, {
      truckId: theirs.id,
      driverId: driver.id,
    });
    expect(stranger.status).toBe(404);
    await unchanged();

    const bad = await owner.post(`/api/freight/${loadId}/assignment`, {
      truckId: 'nope',
      driverId: driver.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Choose a truck/);

    // The CDL expires: the daily job marks it, and the driver is unassignable with the reason.
    await runDocumentExpiry(new Date(Date.now() + 500 * 86_400_000));
    const expired = await assign(flatbed.id);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/^Sam User can’t be assigned: CDL expired on \d{4}-\d{2}-\d{2}/);
    expect((await driverOf(owner, driver.id)).unassignableReason).toMatch(/^CDL expired on/);
    await unchanged();
  });

  it('a dispatcher reassigns until delivery: the old truck is free again and the old driver told', async () => {
    const owner = await carrierOwner(app);
    await owner.post('/api/subscriptions/activate', { plan: 'carrier_pro' });
    const dispatcher = await memberOf(app, owner, 'dispatcher');
    const first = await approvedDriver(app, owner, admin, 'Ann');
    const second = await approvedDriver(app, owner, admin, 'Bo');
    const t1 = await addTruck(owner, { unitNumber: 'T1' });
    const t2 = await addTruck(owner, { unitNumber: 'T2' });
    const loadId = await bookedLoad(shipper.user!.id, owner.user!.id);
    expect(
      (await dispatcher.post(`/api/freight/${loadId}/assignment`, { truckId: t1.id, driverId: first.id }))
        .status,
    ).toBe(200);
    const again = await dispatcher.post(`/api/freight/${loadId}/assignment`, {
      truckId: t2.id,
      driverId: second.id,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.load as FreightListingDto).toMatchObject({ assignment: { truckUnit: 'T2' } });
    await app.rt.projectors.drain();
    await eventually(async () => (await TruckModel.findById(t1.id).lean())?.status === 'available', 30_000);
    expect((await TruckModel.findById(t2.id).lean())?.status).toBe('on_load');
    await eventually(async () => {
      const notes = (await first.client.get('/api/notifications')).body.items as Array<{ title: string }>;
      return notes.some((n) => n.title === 'You are off load Steel coils to Dallas');
    }, 30_000);
    // A driver can't assign; a delivered load can't be reassigned.
    const byDriver = await first.client.post(`/api/freight/${loadId}/assignment`, {
      truckId: t1.id,
      driverId: first.id,
    });
    expect([403, 404]).toContain(byDriver.status);
    await FreightModel.updateOne({ _id: loadId }, { $set: { status: 'delivered' } });
    const late = await dispatcher.post(`/api/freight/${loadId}/assignment`, {
      truckId: t1.id,
      driverId: first.id,
    });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('A delivered load can no longer be assigned');
  });
});
