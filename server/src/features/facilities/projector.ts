import { registerProjector } from '../../events/projectors';
import { now } from '../../infra/clock';
import { FacilityDwellModel, dayOf, withVisit, type FacilityDwell } from './model';

/**
 * Facility dwell (issue 41, slice 4): each departure with a known arrival adds its dwell to its facility's day in
 * `facility_dwell_summaries`, detained when the dwell passed that load's free time. A stop without a street address
 * (no facility key) or a departure without an arrival counts nowhere.
 */
export const facilityDwellProjector = registerProjector({
  name: 'facilityDwell',
  applicableEvents: ['stop.departed'],
  async handle(event) {
    if (event.name !== 'stop.departed') return;
    const { facilityKey, facilityName, dwellMinutes, freeTimeMinutes, at } = event.data;
    if (!facilityKey || dwellMinutes == null) return;
    const summary = await FacilityDwellModel.findById(facilityKey).lean<FacilityDwell>();
    if (summary && summary.lastSeq >= event.seq) return;
    const days = withVisit(
      summary?.days ?? [],
      dayOf(new Date(at)),
      { dwellMinutes, detained: dwellMinutes > freeTimeMinutes },
      now(),
    );
    await FacilityDwellModel.replaceOne(
      { _id: facilityKey },
      { facilityName, days, lastSeq: event.seq },
      { upsert: true },
    );
  },
});
