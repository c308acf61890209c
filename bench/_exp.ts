import mongoose from 'mongoose';
import { FreightModel } from '@freight/server/features/freight/model';
import { searchListings } from '@freight/server/features/freight/service';
import { seed } from './scenarios/loadBoard';
const uri = process.argv[2]; const n = Number(process.argv[3] ?? 10000);
await mongoose.connect(uri, { dbName: 'exp' + n });
if ((await FreightModel.estimatedDocumentCount()) < n) { const t = Date.now(); await seed(n); console.log('seed', Date.now() - t); }
const qs: Record<string, Record<string, string>> = {
  none: {}, stateEquip: { originState: 'TX', equipmentType: 'reefer' }, city: { originCity: 'chic' },
  rate: { minRate: '1000', maxRate: '2500' }, radius: { radius: '50', lat: '41.8781', lng: '-87.6298' },
};
for (const [k, q] of Object.entries(qs)) {
  for (let i = 0; i < 2; i++) { const t = performance.now(); const r = await searchListings(null, q); console.log(k, r.total, Math.round(performance.now() - t)); }
}
await mongoose.disconnect();
