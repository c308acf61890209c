import mongoose, { Schema } from 'mongoose';

/** One document per one-time data pass (a sweep, a backfill) that has run on this database, named by its `_id`. */
const maintenanceMarkSchema = new Schema({ _id: String, at: { type: Date, default: Date.now } });
export const MaintenanceMarkModel = mongoose.model('MaintenanceMark', maintenanceMarkSchema);

/**
 * Runs `pass` unless the database has its mark; marks it after the pass completes (a crash repeats it). Two processes
 * starting at once may both run it (each pass is idempotent) and both mark it: an upsert is not atomic on FerretDB, so
 * the second one's duplicate key means the mark is there.
 */
export async function oncePerDatabase(mark: string, pass: () => Promise<void>): Promise<void> {
  if (await MaintenanceMarkModel.exists({ _id: mark })) return;
  await pass();
  try {
    await MaintenanceMarkModel.updateOne({ _id: mark }, { $set: { at: new Date() } }, { upsert: true });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
}
