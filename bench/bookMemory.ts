// The open-load book's memory per 10,000 loads and its build time at start (issue 11): seeds N open loads into the
// embedded database, builds a book the way a web process does at start, and measures the heap it holds.
// Run: node --expose-gc --import tsx bench/bookMemory.ts [loads=10000]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import mongoose from 'mongoose';
import { ensureMongo } from '@freight/dev-services';
import { OpenLoadBook } from '@freight/server/features/freight/book/book';
import { readOpenLoads } from '@freight/server/features/freight/book/live';
import { FreightModel } from '@freight/server/features/freight/model';

const N = Number(process.argv[2] ?? 10_000);
const repo = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'book-measure-'));
const env = {
  ...process.env,
  PATH: `${path.join(repo, '.data', 'bin')}${path.delimiter}${process.env.PATH}`,
};
const mongo = await ensureMongo({ dataDir, log: (m) => console.log(m), env });
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
try {
  await mongoose.connect(mongo.uri, { dbName: 'bookmeasure' });
  const owner = new Types.ObjectId();
  const docs = Array.from({ length: N }, (_, i) => ({
    userId: owner,
    shipperId: owner,
    title: `Chicago, IL to Dallas, TX #${i}`,
    originCity: `City ${i % 500}`,
    originState: 'IL',
    originCountry: 'United States',
    destinationCity: `Town ${i % 700}`,
    destinationState: 'TX',
    destinationCountry: 'United States',
    originLat: 41 + (i % 100) / 100,
    originLng: -87 - (i % 100) / 100,
    destinationLat: 32.7,
    destinationLng: -96.8,
    equipmentType: 'dry_van',
    equipmentLength: 53,
    weightClass: 'ftl',
    commodity: 'Paper goods',
    rateCents: 150_000 + i,
    ratePerMileCents: 200 + (i % 300),
    rateType: 'flat',
    distance: 900,
    searchRadius: 50,
    pickupDate: new Date(Date.UTC(2031, 0, 1 + (i % 28), 12)),
    pickupTimeStart: '08:00',
    pickupTimeEnd: '17:00',
    deliveryTimeStart: '08:00',
    deliveryTimeEnd: '17:00',
    description: 'Palletised, no touch freight, dock to dock.',
    status: 'available',
    isUrgent: false,
    isHazmat: false,
    requiresTarps: false,
    requiresStraps: false,
    requiresLiftgate: false,
    userCompanyName: 'Acme Shipping',
    createdAt: new Date(Date.UTC(2031, 0, 1) + i * 1000),
    updatedAt: new Date(Date.UTC(2031, 0, 1) + i * 1000),
  }));
  for (let i = 0; i < N; i += 1000) await FreightModel.collection.insertMany(docs.slice(i, i + 1000));
  docs.length = 0;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const book = new OpenLoadBook();
  book.reset(await readOpenLoads());
  const buildMs = performance.now() - t0;
  gc();
  const held = process.memoryUsage().heapUsed - heapBefore;
  console.log(
    `${mongo.kind}: ${book.size} open loads; build ${Math.round(buildMs)} ms; heap held ${(held / 1e6).toFixed(1)} MB ` +
      `(${(((held / book.size) * 10_000) / 1e6).toFixed(1)} MB per 10,000 loads)`,
  );
  await mongoose.connection.db?.dropDatabase();
  await mongoose.disconnect();
} finally {
  await mongo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
