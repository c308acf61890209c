import { QUEUES, SAVED_SEARCH_NEEDS_FILTER } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { getQueue } from '../../../queues';
import { postLoad, verifiedClient } from '../testUtils';
import { SavedSearchModel } from './model';

// Issue 12 item 6: a saved search with empty filters produced one notification job per load posted anywhere. A
// search now needs a filter (the shared schema the Save Search dialog checks too), and a user whose searches match a
// load gets one alert for it, however many of their searches match. No workers run here: the jobs stay in the queue
// to be counted.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const alertJobs = async () =>
  (await getQueue(QUEUES.notifications).getJobs(['waiting', 'delayed', 'prioritized'])).filter(
    (j) => j?.name === 'saved_search_match',
  );

describe('saved searches (issue 12 item 6)', () => {
  it('refuses a search without any filter (the radius alone is none) with 400 and the reason', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    for (const filters of [{}, { radius: '100' }, { originCity: '  ', equipmentType: '' }]) {
      const res = await carrier.post('/api/saved-searches', { name: 'Everything', filters });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`filters: ${SAVED_SEARCH_NEEDS_FILTER}`);
    }
    expect((await carrier.get('/api/saved-searches')).body.total).toBe(0);
    const ok = await carrier.post('/api/saved-searches', {
      name: 'Reefers',
      filters: { equipmentType: 'reefer' },
    });
    expect(ok.status).toBe(201);
  });

  it('alerts a user once per load however many of their searches match, and never for a filterless one', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const shipper = await verifiedClient(app, 'shipper');
    for (const filters of [{ equipmentType: 'reefer' }, { originState: 'IL' }, { minRate: '100' }]) {
      expect((await carrier.post('/api/saved-searches', { name: 'm', filters })).status).toBe(201);
    }
    // A search saved before filters were required, straight in the database: it matches everything.
    const legacy = await verifiedClient(app, 'carrier');
    await SavedSearchModel.create({ userId: legacy.user!.id, name: 'all', filters: {}, alertsEnabled: true });

    // The alerts are a projector of the posted load (issue 26): once it has run, the queue holds all this load causes.
    const load = await postLoad(shipper, { equipmentType: 'reefer', originState: 'IL', rate: 1500 });
    await app.rt.projectors.drain();
    const ours = new Set([carrier.user!.id, legacy.user!.id]); // (other tests' users may match too)
    const forLoad = (await alertJobs()).filter(
      (j) => j.data.link === `/freight?load=${load.id}` && ours.has(j.data.userId),
    );
    expect(forLoad.map((j) => j.data.userId)).toEqual([carrier.user!.id]);
  });
});
