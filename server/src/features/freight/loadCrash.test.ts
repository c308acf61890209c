// A server process killed (SIGKILL) during concurrent booking approvals, then started again on the same database and
// Redis prefix: its repair pass at boot leaves every load and request consistent, and every load can move on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startSecondNode, startTestApp, type TestApp } from '@test/helpers';
import { stressSize } from '@test/stress';
import { seedLoad } from '../tracking/testing';
import { BookingRequestModel } from './bookingRequests/model';
import {
  assertBookingConsistent,
  assertOneEventPerFact,
  cast,
  onNode,
  type Cast,
} from './raceRounds.testing';
import { DomainEventModel, type StoredDomainEvent } from '../../events/model';
import { openChatRoom } from '../tracking/chat/rooms';
import { FreightModel } from './model';
import { MaintenanceMarkModel } from '../../infra/maintenanceMarks';
import { OpenBookingModel } from './bookingJournal/model';
import { repairLoadsOnce, repairOpenBookings } from './bookingJournal/repair';
import { verifiedClient } from './testUtils';

let app: TestApp;
let x: Cast;
beforeAll(async () => {
  // The rounds fire bursts of pings from one carrier far past the per-user rate limit, which is not under test here.
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  x = await cast(app);
});
afterAll(async () => {
  await app?.close();
});

// Two requests per load, all approved at once while the process is killed: CI's size still has several approvals in
// flight when the kill lands (npm run test:stress runs the full size).
const LOADS = stressSize(15, 6);

describe('a crash during approvals', () => {
  it('leaves nothing that a restart does not repair', async () => {
    const loads = await Promise.all(
      Array.from({ length: LOADS }, () => seedLoad({ posterId: x.poster.user!.id })),
    );
    // Several carriers, so that approvals (serialised per carrier by its lease) run side by side.
    const carriers = [x.carrier, x.carrier2];
    for (let i = 0; i < 4; i++) carriers.push(await verifiedClient(app, 'carrier'));
    const requests: Array<[string, string]> = [];
    for (const [i, id] of loads.entries()) {
      const r1 = await carriers[i % carriers.length].post(`/api/freight/${id}/book`, {});
      const r2 = await carriers[(i + 1) % carriers.length].post(`/api/freight/${id}/book`, {});
      requests.push([r1.body.request.id, r2.body.request.id]);
    }

    const node = await startSecondNode(app);
    const poster = onNode(x.poster, node.url);
    const acknowledged: string[] = [];
    let settled = 0;
    // Every request approved at once (two per load: one wins, one is refused), the process killed mid-way.
    const inFlight = requests.flat().map((r) =>
      poster
        .post(`/api/booking-requests/${r}/review`, { status: 'approved' })
        .then((res) => {
          if (res.status === 200) acknowledged.push(r);
        })
        .catch(() => undefined)
        .finally(() => settled++),
    );
    while (acknowledged.length < 2 && settled < inFlight.length) await sleep(2);
    // Killed while a booking is under way (its journal entry written, its last step not yet done), if we catch one.
    for (let i = 0; i < 200 && settled < inFlight.length; i++) {
      if (await OpenBookingModel.exists({})) break;
    }
    await node.crash();
    await Promise.all(inFlight);
    const leftOpen = await OpenBookingModel.countDocuments();
    console.info(`crash: ${acknowledged.length} approvals acknowledged, ${leftOpen} bookings left open`);

    const restarted = await startSecondNode(app); // listens only after its repair pass
    try {
      expect(await OpenBookingModel.countDocuments()).toBe(0);
      for (const id of loads) await assertBookingConsistent(id);
      for (const r of acknowledged) {
        expect((await BookingRequestModel.findById(r).lean())!.status).toBe('approved');
      }
      // The event log (issue 26): nothing left pending; one approval fact per approved request, one move to booked
      // per booked load, whichever process recorded it and wherever the crash fell.
      expect(await DomainEventModel.countDocuments({ state: 'pending' })).toBe(0);
      for (const id of loads) {
        const load = await assertBookingConsistent(id);
        const events = await DomainEventModel.find({ loadId: id, state: 'recorded' }).lean<
          StoredDomainEvent[]
        >();
        const approved = await BookingRequestModel.find({ freightListingId: id, status: 'approved' }).lean();
        for (const r of approved) {
          const approvals = events.filter(
            (e) =>
              e.name === 'booking.reviewed' &&
              e.subjects.requestId === String(r._id) &&
              (e.data.request as { status: string }).status === 'approved',
          );
          expect(approvals).toHaveLength(1);
        }
        const booked = events.filter((e) => e.name === 'load.moved' && e.data.status === 'booked');
        expect(booked).toHaveLength(load.status === 'booked' ? 1 : 0);
        await assertOneEventPerFact(id);
      }
      // Every load moves on: an available one is approved, a booked one is cancelled.
      const posterNow = onNode(x.poster, restarted.url);
      for (const id of loads) {
        const load = await assertBookingConsistent(id);
        if (load.status === 'available') {
          const pending = await BookingRequestModel.findOne({
            freightListingId: id,
            status: 'pending',
          }).lean();
          const res = await posterNow.post(`/api/booking-requests/${String(pending!._id)}/review`, {
            status: 'approved',
          });
          expect(res.status).toBe(200);
        } else {
          expect(load.status).toBe('booked');
          expect((await posterNow.post(`/api/freight/${id}/cancel`)).status).toBe(200);
        }
        await assertBookingConsistent(id);
        await assertOneEventPerFact(id);
      }
      expect(await DomainEventModel.countDocuments({ state: 'pending' })).toBe(0);
    } finally {
      await restarted.stop();
    }
  }, 300_000);
});

describe('a booking stopped after each of its steps', () => {
  const steps = [
    'journal',
    'request approved',
    'load booked',
    'others rejected',
    'chat room opened',
  ] as const;

  /** A load with two pending requests and a booking of the first stopped after `step` (as a crash leaves it). */
  async function stoppedAfter(step: number) {
    const id = await seedLoad({ posterId: x.poster.user!.id });
    const r1 = (await x.carrier.post(`/api/freight/${id}/book`, {})).body.request.id as string;
    const r2 = (await x.carrier2.post(`/api/freight/${id}/book`, {})).body.request.id as string;
    const carrierId = x.carrier.user!.id;
    await OpenBookingModel.create({
      freightListingId: id,
      carrierId,
      actorId: x.poster.user!.id,
      requestId: r1,
    });
    const review = (status: string) => ({
      $set: { status, pendingKey: `${status}-${String(Math.random())}` },
    });
    if (step >= 1) await BookingRequestModel.updateOne({ _id: r1 }, review('approved'));
    if (step >= 2) await FreightModel.updateOne({ _id: id }, { $set: { status: 'booked', carrierId } });
    if (step >= 3) await BookingRequestModel.updateOne({ _id: r2 }, review('rejected'));
    if (step >= 4) await openChatRoom({ freightId: id, shipperId: x.poster.user!.id, carrierId });
    return { id, r1, r2 };
  }

  it.each(steps.map((s, i) => [s, i] as const))(
    'after "%s": the repair pass completes it',
    async (_, step) => {
      const { id, r1, r2 } = await stoppedAfter(step);
      await repairOpenBookings(() => undefined);
      const load = await assertBookingConsistent(id);
      expect(load).toMatchObject({ status: 'booked' });
      expect(String(load.carrierId)).toBe(x.carrier.user!.id);
      expect((await BookingRequestModel.findById(r1).lean())!.status).toBe('approved');
      expect((await BookingRequestModel.findById(r2).lean())!.status).toBe('rejected');
      expect((await x.poster.post(`/api/freight/${id}/cancel`)).status).toBe(200);
    },
  );

  it('the next change of the load completes it first (a cancel then cancels the booked load)', async () => {
    const { id, r1 } = await stoppedAfter(1);
    expect((await x.poster.post(`/api/freight/${id}/cancel`)).status).toBe(200);
    const load = await assertBookingConsistent(id);
    expect(load.status).toBe('cancelled');
    expect(String(load.carrierId)).toBe(x.carrier.user!.id);
    expect((await BookingRequestModel.findById(r1).lean())!.status).toBe('approved');
  });

  it('undoes it when the load went elsewhere meanwhile (the request is rejected)', async () => {
    const { id, r1, r2 } = await stoppedAfter(1);
    // Cancelled as the machine cancels: the other open request closed with it.
    await FreightModel.updateOne({ _id: id }, { $set: { status: 'cancelled' } });
    await BookingRequestModel.updateOne({ _id: r2 }, { $set: { status: 'rejected', pendingKey: r2 } });
    await repairOpenBookings(() => undefined);
    await assertBookingConsistent(id);
    expect((await BookingRequestModel.findById(r1).lean())!.status).toBe('rejected');
  });
});

describe('the legacy sweep (data from before bookings were journalled)', () => {
  it('books an approved request’s available load, rejects one whose load went elsewhere, closes booked loads', async () => {
    const posterId = x.poster.user!.id;
    const carrierId = x.carrier.user!.id;
    // Approved, load left available (the old "approval against edit" outcome).
    const stranded = await seedLoad({ posterId });
    const r1 = (await x.carrier.post(`/api/freight/${stranded}/book`, {})).body.request.id as string;
    await BookingRequestModel.updateOne({ _id: r1 }, { $set: { status: 'approved', pendingKey: r1 } });
    // Approved, load booked to another carrier (on that carrier's approved request).
    const taken = await seedLoad({ posterId, carrierId: x.carrier2.user!.id });
    await BookingRequestModel.create({
      freightListingId: taken,
      carrierId: x.carrier2.user!.id,
      shipperId: posterId,
      status: 'approved',
      pendingKey: `winner-${taken}`,
    });
    const r2 = await BookingRequestModel.create({
      freightListingId: taken,
      carrierId,
      shipperId: posterId,
      status: 'approved',
      pendingKey: `legacy-${taken}`,
    });
    // Booked, with a request still pending and no chat room.
    const open = await seedLoad({ posterId, carrierId, openChat: false });
    await BookingRequestModel.create({
      freightListingId: open,
      carrierId: x.carrier2.user!.id,
      shipperId: posterId,
      pendingKey: `pending-${open}`,
    });
    await BookingRequestModel.create({
      freightListingId: open,
      carrierId,
      shipperId: posterId,
      status: 'approved',
      pendingKey: `approved-${open}`,
    });

    await MaintenanceMarkModel.deleteMany({});
    await repairLoadsOnce(() => undefined);

    const booked = await assertBookingConsistent(stranded);
    expect(booked.status).toBe('booked');
    expect(String(booked.carrierId)).toBe(carrierId);
    expect((await BookingRequestModel.findById(r2._id).lean())!.status).toBe('rejected');
    await assertBookingConsistent(taken);
    await assertBookingConsistent(open);
  });
});
