import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { SavedSearchModel } from './model';
import { MAX_SAVED_SEARCHES } from './service';

/** Issue 10: the saved-search cap holds exactly at the boundary under concurrent creates (ROUNDS rounds). */
const ROUNDS = stressSize(20, 5);
const CONCURRENT = 6;
/** Already stored before each round: CONCURRENT creates race for the last few places. */
const FREE_PLACES = 3;

let app: TestApp;
let carrier: TestClient;
let userId: Types.ObjectId;
beforeAll(async () => {
  app = await startTestApp();
  carrier = app.client();
  userId = new Types.ObjectId((await carrier.registerAndLogin({ userType: 'carrier' })).id);
});
afterAll(async () => {
  await app?.close();
});

describe('saved-search cap races (issue 10)', () => {
  it(`${CONCURRENT} creates at once with ${FREE_PLACES} places left: ${ROUNDS} rounds, never above the cap`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await SavedSearchModel.deleteMany({ userId });
      await SavedSearchModel.insertMany(
        Array.from({ length: MAX_SAVED_SEARCHES - FREE_PLACES }, (_, i) => ({
          userId,
          name: `kept ${i}`,
          filters: {},
        })),
      );
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          carrier.post('/api/saved-searches', {
            name: `round ${round} #${i}`,
            filters: { originState: 'IL' },
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([
        ...Array(FREE_PLACES).fill(201),
        ...Array(CONCURRENT - FREE_PLACES).fill(409),
      ]);
      expect(await SavedSearchModel.countDocuments({ userId })).toBe(MAX_SAVED_SEARCHES);
      // At the cap a delete frees a place, and exactly one.
      const [one] = results.filter((r) => r.status === 201);
      expect((await carrier.delete(`/api/saved-searches/${one.body.id}`)).status).toBe(204);
      const refill = await Promise.all([
        carrier.post('/api/saved-searches', { name: 'refill a', filters: { originState: 'IL' } }),
        carrier.post('/api/saved-searches', { name: 'refill b', filters: { originState: 'IL' } }),
      ]);
      expect(refill.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await SavedSearchModel.countDocuments({ userId })).toBe(MAX_SAVED_SEARCHES);
    }
  }, 900_000);

  it(`a rename and an alerts switch of one search at once: ${ROUNDS} rounds, both kept`, async () => {
    await SavedSearchModel.deleteMany({ userId });
    const [search] = await SavedSearchModel.insertMany([
      { userId, name: 'lane', filters: { originState: 'TX' }, alertsEnabled: true },
    ]);
    for (let round = 0; round < ROUNDS; round++) {
      const alertsEnabled = round % 2 === 0 ? false : true;
      const [renamed, switched] = await Promise.all([
        carrier.patch(`/api/saved-searches/${String(search._id)}`, { name: `lane ${round}` }),
        carrier.patch(`/api/saved-searches/${String(search._id)}`, { alertsEnabled }),
      ]);
      expect([renamed.status, switched.status]).toEqual([200, 200]);
      expect(await SavedSearchModel.findById(search._id).lean()).toMatchObject({
        name: `lane ${round}`,
        alertsEnabled,
      });
    }
  }, 600_000);
});
