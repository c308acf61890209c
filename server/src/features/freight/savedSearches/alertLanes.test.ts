import {
  hasSavedSearchFilter,
  matchesBoardFilter,
  QUEUES,
  savedSearchFiltersSchema,
  type FreightListingDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { MaintenanceMarkModel } from '../../../infra/maintenanceMarks';
import { getQueue } from '../../../queues';
import { postLoad, verifiedClient } from '../testUtils';
import { SavedSearchModel } from './model';
import { backfillAlertLanes, SAVED_SEARCH_LANES_BACKFILL } from './service';

// Issue 11: a new load reads only the saved searches of its lanes (origin state × equipment, each possibly open),
// not every search with alerts on. The alerts must be exactly those the shared predicate gives over all searches.
// No workers run here: the alert jobs stay in the queue to be compared.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
});

const STATES = ['IL', 'TX', 'CA'];
const EQUIPMENT = ['reefer', 'flatbed', 'dry_van'];
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/** Random filters with at least one that narrows; state and equipment each left open a third of the time. */
function randomFilters(): Record<string, string> {
  const filters: Record<string, string> = {};
  const roll = Math.random();
  // One state, a lane of one or two states (issue 15), or none.
  if (roll < 0.45) filters.originState = pick(STATES);
  else if (roll < 0.7) filters.originStates = [pick(STATES), pick(STATES)].join(',');
  const kit = Math.random();
  if (kit < 0.45) filters.equipmentType = pick(EQUIPMENT);
  else if (kit < 0.7) filters.equipmentTypes = [pick(EQUIPMENT), pick(EQUIPMENT)].join(',');
  // Around a place: Dallas with 250 miles reaches Texas loads and Oklahoma's edge, not IL or CA.
  if (Math.random() < 0.15) Object.assign(filters, { lat: '32.7767', lng: '-96.797', radius: '250' });
  if (Math.random() < 0.3) filters.minRate = String(pick([500, 1500, 2500]));
  if (Math.random() < 0.2) filters.destinationState = pick(STATES);
  if (Object.keys(filters).length === 0) filters.maxRate = '2000';
  return filters;
}

const alertJobsFor = async (load: FreightListingDto) =>
  (await getQueue(QUEUES.notifications).getJobs(['waiting', 'delayed', 'prioritized'])).filter(
    (j) => j?.name === 'saved_search_match' && j.data.link === `/freight?load=${load.id}`,
  );

describe('saved-search alerts by lane (issue 11)', () => {
  it('alerts exactly the owners whose searches match, over random searches and loads, older searches included', async () => {
    const owners: TestClient[] = [];
    for (let i = 0; i < 6; i++) owners.push(await verifiedClient(app, 'carrier'));
    const shipper = await verifiedClient(app, 'shipper');

    for (const owner of owners) {
      for (let k = 0; k < 4; k++) {
        const res = await owner.post('/api/saved-searches', {
          name: `s${k}`,
          filters: randomFilters(),
          alertsEnabled: Math.random() < 0.8,
        });
        expect(res.status).toBe(201);
      }
    }
    // Two searches saved before lanes existed, straight in the collection (no lane), then the start's backfill.
    for (const owner of owners.slice(0, 2)) {
      await SavedSearchModel.collection.insertOne({
        userId: new Types.ObjectId(owner.user!.id),
        name: 'older',
        filters: { originState: 'TX' },
        alertsEnabled: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
    await MaintenanceMarkModel.deleteOne({ _id: SAVED_SEARCH_LANES_BACKFILL });
    await backfillAlertLanes();
    expect(await SavedSearchModel.countDocuments({ name: 'older', alertLane: 'TX|*' })).toBe(2);

    const ownerIds = new Set(owners.map((o) => o.user!.id));
    const searches = await SavedSearchModel.find({}).lean();
    let alertsSeen = 0;
    for (let round = 0; round < 12; round++) {
      const originState = pick(STATES);
      const load = await postLoad(shipper, {
        originState,
        originCity: { IL: 'Chicago', TX: 'Dallas', CA: 'Fresno' }[originState],
        destinationState: pick(STATES),
        equipmentType: pick(EQUIPMENT) as never,
        rate: pick([800, 1800, 3000]),
      });
      await app.rt.projectors.drain(); // the alerts are a projector of the posted load (issue 26)
      const expected = new Set(
        searches
          .filter((s) => ownerIds.has(String(s.userId)) && s.alertsEnabled)
          .filter((s) => {
            const filters = savedSearchFiltersSchema.parse(s.filters);
            return hasSavedSearchFilter(filters) && matchesBoardFilter(filters, load);
          })
          .map((s) => String(s.userId)),
      );
      const alerted = (await alertJobsFor(load))
        .map((j) => String(j.data.userId))
        .filter((id) => ownerIds.has(id));
      expect(alerted.sort()).toEqual([...expected].sort());
      alertsSeen += alerted.length;
    }
    expect(alertsSeen).toBeGreaterThan(0);
  });
});

describe('alerts for the load-board search (issue 15)', () => {
  it('a search around a place with a lane of equipment alerts with the miles from that place', async () => {
    const owner = await verifiedClient(app, 'carrier');
    const shipper = await verifiedClient(app, 'shipper');
    const saved = await owner.post('/api/saved-searches', {
      name: 'Around Carlin',
      filters: {
        lat: '40.7138',
        lng: '-116.1040',
        radius: '50',
        originPlace: 'Carlin, NV',
        equipmentTypes: 'dry_van,flatbed',
      },
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.filters).toMatchObject({
      originPlace: 'Carlin, NV',
      equipmentTypes: ['dry_van', 'flatbed'],
    });
    const reefer = await postLoad(shipper, {
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Boise',
      destinationState: 'ID',
      equipmentType: 'reefer',
    });
    const van = await postLoad(shipper, {
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Boise',
      destinationState: 'ID',
      equipmentType: 'dry_van',
      rate: 2400,
      distance: 250,
    });
    await app.rt.projectors.drain(); // the alerts are a projector of the posted load (issue 26)
    // Only this owner's alerts (the searches of the test above are still saved).
    const mine = async (load: FreightListingDto) =>
      (await alertJobsFor(load)).filter((j) => j.data.userId === owner.user!.id);
    expect(await mine(reefer)).toHaveLength(0);
    const [job] = await mine(van);
    expect(job?.data.body).toMatch(/^New dry van load 2\d mi from Carlin, NV: \$2,400\.00, \$9\.60\/mi$/);
  });
});
