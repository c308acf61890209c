import mongoose, { Schema } from 'mongoose';

/** One document per one-time data pass (a sweep, a backfill) that has run on this database, named by its `_id`. */
const maintenanceMarkSchema = new Schema({ _id: String, at: { type: Date, default: Date.now } });
export const MaintenanceMarkModel = mongoose.model('MaintenanceMark', maintenanceMarkSchema);

/** Runs `pass` unless the database has its mark; marks it after the pass completes (a crash repeats it). */
export async function oncePerDatabase(mark: string, pass: () => Promise<void>): Promise<void> {
  if (await MaintenanceMarkModel.exists({ _id: mark })) return;
  await pass();
  await MaintenanceMarkModel.updateOne({ _id: mark }, { $set: { at: new Date() } }, { upsert: true });
}
