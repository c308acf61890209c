import mongoose, { Types, type Model } from 'mongoose';
import { withAggregate, type AggregateRef } from '../../infra/concurrency';
import { oncePerDatabase } from '../../infra/maintenanceMarks';
import { UserModel } from '../users/model';
import { ensureOwnCompany } from './service';
import { companiesOfPeople, stampPairsOf, type StampPair } from './stamps';

export const COMPANIES_MIGRATION = 'companies-v1';
const BATCH = 200;

/**
 * The lease each stamped collection's documents are written under elsewhere: the migration's write of the company
 * ids takes it too (FerretDB rewrites the whole document, so an unleased write could undo a booking landing at the
 * same moment). Collections not named here are written once at creation and never contested.
 */
const LEASE_OF: Record<string, (doc: Record<string, unknown>) => AggregateRef | null> = {
  FreightListing: (d) => ({ kind: 'load', id: String(d._id) }),
  BookingRequest: (d) => ({ kind: 'load', id: String(d.freightListingId) }),
  RateNegotiation: (d) => ({ kind: 'load', id: String(d.freightListingId) }),
  SmallShipment: (d) => ({ kind: 'shipment', id: String(d._id) }),
  ShipmentOffer: (d) => ({ kind: 'shipment', id: String(d.shipmentId) }),
  Document: (d) => ({ kind: 'document', id: String(d._id) }),
  BackgroundCheck: (d) => ({ kind: 'backgroundCheck', id: String(d.userId) }),
  DriverRoute: (d) => ({ kind: 'user', id: String(d.driverId) }),
};

/** Every user not in a company yet becomes the owner of a one-person company (its id: theirs). */
async function giveEveryoneACompany(): Promise<number> {
  let made = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const filter: Record<string, unknown> = after ? { _id: { $gt: after } } : {};
    const users: Array<{ _id: Types.ObjectId; companyId?: Types.ObjectId | null }> = await UserModel.find(
      filter,
      { companyId: 1 },
    )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean();
    if (users.length === 0) return made;
    for (const u of users) {
      if (u.companyId) continue;
      await ensureOwnCompany(u._id);
      made++;
    }
    after = users[users.length - 1]._id;
  }
}

/** Gives every document of one stamped collection its parties' company ids (those it lacks or has wrong). */
async function stampCollection(model: Model<unknown>, pairs: readonly StampPair[]): Promise<number> {
  const leaseOf = LEASE_OF[model.modelName];
  const fields = Object.fromEntries(
    [...pairs.flat(), 'freightListingId', 'shipmentId', 'userId', 'driverId'].map((f) => [f, 1]),
  );
  let stamped = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const filter: Record<string, unknown> = after ? { _id: { $gt: after } } : {};
    const docs = await model.collection
      .find(filter, { projection: fields, sort: { _id: 1 }, limit: BATCH })
      .toArray();
    if (docs.length === 0) return stamped;
    const companies = await companiesOfPeople(docs.flatMap((d) => pairs.map(([person]) => d[person])));
    for (const doc of docs) {
      const want = (d: Record<string, unknown>) => {
        const set: Record<string, Types.ObjectId | null> = {};
        for (const [person, company] of pairs) {
          const id = d[person];
          const value = id == null ? null : (companies.get(String(id)) ?? null);
          if (String(d[company] ?? null) !== String(value)) set[company] = value;
        }
        return set;
      };
      if (Object.keys(want(doc)).length === 0) continue;
      const write = async () => {
        // Read again under the lease: the parties may have changed (a booking) since the batch was read.
        const current = await model.collection.findOne({ _id: doc._id }, { projection: fields });
        if (!current) return;
        const fresh = await companiesOfPeople(pairs.map(([person]) => current[person]));
        for (const [k, v] of fresh) companies.set(k, v);
        const set = want(current);
        if (Object.keys(set).length) await model.collection.updateOne({ _id: doc._id }, { $set: set });
      };
      const lease = leaseOf?.(doc);
      await (lease ? withAggregate(lease.kind, lease.id, write) : write());
      stamped++;
    }
    after = docs[docs.length - 1]._id as Types.ObjectId;
  }
}

/**
 * The move to company accounts (issue 28), once per database at start: every user without a company owns a
 * one-person company holding their type, name, numbers, verification and plan; every owned object gets its parties'
 * company ids. Crash-safe and idempotent: each step finds what a previous (crashed or concurrent) run did, the
 * company's id being the owner's, and the mark that it is done is written only at the end.
 */
export async function migrateToCompanies(): Promise<{ companies: number; stamped: number }> {
  let companies = 0;
  let stamped = 0;
  await oncePerDatabase(COMPANIES_MIGRATION, async () => {
    companies = await giveEveryoneACompany();
    for (const name of mongoose.modelNames()) {
      const model = mongoose.model(name) as Model<unknown>;
      const pairs = stampPairsOf(model.schema);
      if (pairs) stamped += await stampCollection(model, pairs);
    }
  });
  return { companies, stamped };
}
