// The move to company accounts (issue 28) on data made by the code paths of before: users registered, loads posted,
// booked and offered on, documents uploaded; then the new fields stripped as data from before lacks them. The
// migration run twice, two at once, and in a process killed (SIGKILL) mid-way and started again: every user owns
// exactly one company holding their business fields, every object names its parties' companies.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Types, type Model } from 'mongoose';
import { eventually, sleep, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { MaintenanceMarkModel } from '../../infra/maintenanceMarks';
import { postLoad, verifiedClient } from '../freight/testUtils';
import { FreightModel } from '../freight/model';
import { UserModel } from '../users/model';
import { CompanyModel } from './model';
import { COMPANIES_MIGRATION, migrateToCompanies } from './migration';
import { stampPairsOf } from './stamps';

/** Accounts from before companies, for the migration a kill interrupts (`npm run test:stress`: 300). */
const OLD_ACCOUNTS = stressSize(300, 150);

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let broker: TestClient;

const pdf = () => Buffer.from(`%PDF-1.4\n% migration\n${'x'.repeat(2000)}\n%%EOF\n`);

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = await verifiedClient(app, 'shipper', { companyName: 'Old Shipper Co' });
  carrier = await verifiedClient(app, 'carrier', { companyName: 'Old Carrier LLC' });
  broker = await verifiedClient(app, 'broker', { companyName: 'Old Brokerage' });
  await carrier.put('/api/users/me/authority', { mcNumber: '771234', usdotNumber: '3312345' });
  const load = await postLoad(shipper);
  const brokered = await postLoad(broker);
  expect((await carrier.post(`/api/freight/${load.id}/book`, {})).status).toBe(201);
  expect((await carrier.post(`/api/freight/${brokered.id}/negotiate`, { proposedRate: 1800 })).status).toBe(
    201,
  );
  const up = await carrier
    .raw('post', '/api/documents/upload')
    .field('documentType', 'dot_authority')
    .attach('file', pdf(), { filename: 'dot.pdf', contentType: 'application/pdf' });
  expect(up.status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

const stampedModels = () =>
  mongoose
    .modelNames()
    .map((n) => mongoose.model(n) as Model<unknown>)
    .filter((m) => stampPairsOf(m.schema));

/** Takes the database back to how the code of before left it: no companies, no company ids anywhere. */
async function stripToOldData(): Promise<void> {
  await CompanyModel.collection.deleteMany({});
  await UserModel.collection.updateMany({}, { $unset: { companyId: '', companyRole: '', lastActiveAt: '' } });
  for (const m of stampedModels()) {
    const unset = Object.fromEntries(stampPairsOf(m.schema)!.map(([, c]) => [c, '']));
    await m.collection.updateMany({}, { $unset: unset });
  }
  await MaintenanceMarkModel.deleteOne({ _id: COMPANIES_MIGRATION });
}

/** What the migration must leave: one company per user (its id theirs) with their fields; every object stamped. */
async function assertMigrated(): Promise<void> {
  const users = await UserModel.find({}).lean();
  const companies = await CompanyModel.find({}).lean();
  expect(companies).toHaveLength(users.length);
  const byId = new Map(companies.map((c) => [String(c._id), c]));
  for (const u of users) {
    expect(String(u.companyId)).toBe(String(u._id));
    expect(u.companyRole).toBe('owner');
    const c = byId.get(String(u._id))!;
    expect(c).toBeTruthy();
    expect(String(c.ownerId)).toBe(String(u._id));
    expect(c.memberCount).toBe(1);
    expect(c.type ?? null).toBe(u.userType ?? null);
    expect(c.name).toBe(u.companyName ?? '');
    expect(c.isVerified).toBe(Boolean(u.isVerified));
    expect(c.subscriptionPlan ?? null).toBe(u.subscriptionPlan ?? null);
    expect(c.subscriptionStatus).toBe(u.subscriptionStatus);
    expect(c.mcNumber ?? null).toBe(u.mcNumber ?? null);
    expect(c.usdotNumber ?? null).toBe(u.usdotNumber ?? null);
  }
  for (const m of stampedModels()) {
    const pairs = stampPairsOf(m.schema)!;
    const docs = await m.collection.find({}).toArray();
    for (const d of docs) {
      for (const [person, company] of pairs) {
        // Everyone owns the company with their own id, so each party's company id is the party's id.
        expect(String(d[company] ?? null), `${m.modelName}.${company}`).toBe(String(d[person] ?? null));
      }
    }
  }
  expect(await MaintenanceMarkModel.exists({ _id: COMPANIES_MIGRATION })).toBeTruthy();
}

describe('the migration to company accounts', () => {
  it('makes every user the owner of a one-person company and stamps every object, run twice and two at once', async () => {
    const loads = await FreightModel.countDocuments();
    expect(loads).toBe(2);
    await stripToOldData();
    expect(await UserModel.countDocuments({ companyId: { $ne: null } })).toBe(0);
    expect((await FreightModel.collection.findOne({}))!.companyId).toBeUndefined();
    const [a, b] = await Promise.all([migrateToCompanies(), migrateToCompanies()]);
    const users = await UserModel.countDocuments();
    // Between them the two runs made each company once (each run makes those it finds missing).
    expect(a.companies + b.companies).toBeGreaterThanOrEqual(users);
    await assertMigrated();
    // Once done, it is not done again.
    expect(await migrateToCompanies()).toEqual({ companies: 0, stamped: 0 });
    // The mark taken away: a full second run finds everything done and changes nothing.
    await MaintenanceMarkModel.deleteOne({ _id: COMPANIES_MIGRATION });
    expect(await migrateToCompanies()).toEqual({ companies: 0, stamped: 0 });
    await assertMigrated();
  });

  it('keeps what a process killed mid-way did and finishes it once on the next start', async () => {
    // Enough accounts from before that the kill lands mid-way (it lands at the 20th company; CI's size leaves 130 after).
    const extra = Array.from({ length: OLD_ACCOUNTS }, (_, i) => ({
      _id: new Types.ObjectId(),
      email: `old-${i}-${Date.now()}@example.com`,
      firstName: 'Old',
      lastName: `User ${i}`,
      userType: i % 2 ? 'carrier' : 'shipper',
      companyName: `Old Co ${i}`,
      isVerified: i % 3 === 0,
      subscriptionStatus: 'inactive',
      authProvider: 'local',
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await UserModel.collection.insertMany(extra);
    await stripToOldData();

    const repo = path.resolve(import.meta.dirname, '../../../..');
    const { bundledEntry } = await import('../../../../scripts/bundledEntry');
    const child = spawn(process.execPath, [await bundledEntry('test/fixtures/webNode.ts')], {
      cwd: repo,
      env: { ...process.env, ...app.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Killed once it has made some companies and before it is done.
    await eventually(async () => (await CompanyModel.countDocuments()) >= 20, 180_000);
    child.kill('SIGKILL');
    await exited;
    const made = await CompanyModel.countDocuments();
    const users = await UserModel.countDocuments();
    console.info(`migration killed after ${made} of ${users} companies`);
    expect(made).toBeLessThan(users);
    expect(output).not.toContain('LISTENING');
    expect(await MaintenanceMarkModel.exists({ _id: COMPANIES_MIGRATION })).toBeFalsy();

    await sleep(100);
    await migrateToCompanies();
    await assertMigrated();
  });
});
