import mongoose, { Schema } from 'mongoose';

/**
 * Transition locks: the one arbiter for state changes that race (two approvals of one load, a booking against a
 * cancel, two admins reviewing one document, two accepts of one shipment's offers).
 *
 * Why not just a conditional update: FerretDB 1.24 over SQLite (the test and embedded database) does not apply
 * `findOneAndUpdate({ _id, status: 'available' }, …)` atomically; two concurrent callers can both succeed. It does
 * enforce a unique index on insert. So every racing transition first inserts the key `<thing>:<id>:from:<status>`:
 * exactly one insert of a key succeeds, on MongoDB and FerretDB alike, and only the winner goes on to the
 * conditional update (which stays, for writers that take no lock). State machines here have no cycles, so a thing
 * leaves each status at most once and a key is never needed twice; a transition that has to be undone (the
 * conditional update found the state changed by someone else) releases its key. The collection doubles as a
 * record of who moved what, when.
 */
const transitionLockSchema = new Schema({
  key: { type: String, required: true },
  createdAt: { type: Date, default: Date.now },
});
transitionLockSchema.index({ key: 1 }, { unique: true });
export const TransitionLockModel = mongoose.model('TransitionLock', transitionLockSchema);

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

/** The key for `thing` (e.g. 'freight', 'document') with `id` leaving `from`. */
export const transitionKey = (thing: string, id: unknown, from: string) =>
  `${thing}:${String(id)}:from:${from}`;

/**
 * The whole pattern: take `key`, run the conditional update, and give the key back when the update finds the state
 * already changed. Resolves with the update's result, or null when this caller lost (to a lock or to the update).
 */
export async function runTransition<T>(key: string, update: () => Promise<T | null>): Promise<T | null> {
  if (!(await acquireTransition(key))) return null;
  const result = await update();
  if (!result) await releaseTransition(key);
  return result;
}
