import { QUEUES } from '@freight/shared';
import { LoadDocumentModel } from '@freight/server/features/loadDocuments/model';
import { seedLoad } from '@freight/server/features/tracking/testing';
import { UserModel } from '@freight/server/features/users/model';
import { getQueue } from '@freight/server/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '@test/helpers';

let app: TestApp;
let posterId: string;
let carrierId: string;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
  const ids = await UserModel.find({ email: { $in: ['shipper@test.local', 'carrier@test.local'] } }).lean();
  posterId = String(ids.find((u) => u.email === 'shipper@test.local')!._id);
  carrierId = String(ids.find((u) => u.email === 'carrier@test.local')!._id);
});
afterAll(async () => {
  await app?.close();
});

describe('load documents processor (real BullMQ)', () => {
  it('makes a booked load’s rate confirmation once, however often asked; nothing for a load not due one', async () => {
    const booked = await seedLoad({ posterId, carrierId });
    const open = await seedLoad({ posterId });
    const queue = getQueue(QUEUES.loadDocuments);
    const jobs = await Promise.all([
      ...[1, 2, 3].map((i) =>
        queue.add(
          'rate_confirmation',
          { freightId: booked, kind: 'rate_confirmation' },
          { jobId: `t-${booked}-${i}` },
        ),
      ),
      queue.add('rate_confirmation', { freightId: open, kind: 'rate_confirmation' }),
      queue.add('proof_of_delivery', { freightId: booked, kind: 'proof_of_delivery' }),
    ]);
    await eventually(
      async () => (await Promise.all(jobs.map((j) => j.isCompleted()))).every(Boolean),
      20_000,
    );
    const stored = await Promise.all(jobs.map(async (j) => (await queue.getJob(j.id!))!.returnvalue.stored));
    expect(new Set(stored.slice(0, 3)).size).toBe(1);
    expect(stored.slice(3)).toEqual([null, null]);
    expect(await LoadDocumentModel.countDocuments({ freightListingId: booked })).toBe(1);
    expect(await LoadDocumentModel.countDocuments({ freightListingId: open })).toBe(0);
  });
});
