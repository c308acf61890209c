import mongoose, { Schema } from 'mongoose';

/**
 * Transition locks: the arbiter for state changes that race (two approvals of one load, an approval against a
 * cancel, accept against reject). FerretDB 1.24 over SQLite (the test and embedded database) does not apply a
 * conditional update atomically (two concurrent `findOneAndUpdate({ _id, status: 'available' })` can both succeed),
 * but it does enforce a unique index on insert. So every racing transition first inserts `<thing>:from:<status>`;
 * only one insert of a key succeeds, on MongoDB and FerretDB alike. The conditional update that follows stays, for
 * writers that do not take locks. A transition that has to be undone deletes its key again.
 */
const lockSchema = new Schema({
  key: { type: String, required: true },
  createdAt: { type: Date, default: Date.now },
});
lockSchema.index({ key: 1 }, { unique: true });
export const TransitionLockModel = mongoose.model('FreightTransitionLock', lockSchema);

/** True when this caller won the transition named by `key`. */
export async function acquireTransition(key: string): Promise<boolean> {
  try {
    await TransitionLockModel.create({ key });
    return true;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return false;
    throw err;
  }
}

export async function releaseTransition(key: string): Promise<void> {
  await TransitionLockModel.deleteOne({ key });
}

export const loadTransition = (freightId: unknown, from: string) =>
  `freight:${String(freightId)}:from:${from}`;
export const requestTransition = (requestId: unknown) => `booking-request:${String(requestId)}:review`;
export const negotiationTransition = (negotiationId: unknown, from: string) =>
  `negotiation:${String(negotiationId)}:from:${from}`;
