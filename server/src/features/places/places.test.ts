import { haversineMiles } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { cityCoordinates, estimatedRoadMiles, resolvePlace, suggestPlaces } from './gazetteer';

// Published coordinates of each place's centre (cities) or ZIP centroid.
const CITIES: [string, string, number, number][] = [
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['New York', 'NY', 40.7128, -74.006],
  ['Reno', 'NV', 39.5296, -119.8138],
  ['Boise', 'ID', 43.615, -116.2023],
  ['Bozeman', 'MT', 45.677, -111.0429],
  ['Ely', 'NV', 39.2474, -114.8886],
  ['Marfa', 'TX', 30.3094, -104.0206],
  ['Winnemucca', 'NV', 40.973, -117.7357],
  ['Mountain Home', 'ID', 43.133, -115.6912],
  ['Presque Isle', 'ME', 46.6812, -68.0159],
  ['Saint Louis', 'MO', 38.627, -90.1994],
];
const ZIPS: [string, number, number][] = [
  ['10001', 40.7506, -73.9972],
  ['59715', 45.6685, -111.0186],
  ['99701', 64.8378, -147.7164],
  ['89301', 39.2474, -114.8886],
];

describe('the offline US gazetteer (issue 15)', () => {
  it.each(CITIES)('places %s, %s within 15 miles of its centre', (city, state, lat, lng) => {
    const at = cityCoordinates(city, state);
    expect(at, `${city}, ${state}`).not.toBeNull();
    expect(haversineMiles(at!.lat, at!.lng, lat, lng)).toBeLessThan(15);
  });

  it.each(ZIPS)('places ZIP %s within 10 miles', (zip, lat, lng) => {
    const place = resolvePlace(zip);
    expect(place?.zip).toBe(zip);
    expect(haversineMiles(place!.lat, place!.lng, lat, lng)).toBeLessThan(10);
  });

  it('reads what people type: case, "St." for Saint, a missing comma; unknown places are null', () => {
    expect(resolvePlace('st. louis, mo')?.label).toBe('Saint Louis, MO');
    expect(resolvePlace('boise id')?.label).toBe('Boise, ID');
    expect(resolvePlace('  RENO ,  nv ')?.label).toBe('Reno, NV');
    expect(resolvePlace('Springfield')).toBeNull(); // no state: which of thirty?
    expect(resolvePlace('Atlantis, ZZ')).toBeNull();
    expect(resolvePlace('00000')).toBeNull();
  });

  it('suggests the largest matching places first, by city prefix (with or without the state) or ZIP prefix', () => {
    expect(suggestPlaces('bois', 5)[0]?.label).toBe('Boise, ID');
    expect(suggestPlaces('reno n', 5).map((p) => p.label)).toEqual(['Reno, NV']);
    expect(suggestPlaces('san', 3).map((p) => p.label)).toContain('San Antonio, TX');
    expect(suggestPlaces('8950', 3).every((p) => p.zip?.startsWith('8950'))).toBe(true);
    expect(suggestPlaces('qqqq', 5)).toEqual([]);
  });

  it('estimates road miles as the great circle times 1.2 (Reno → Boise: 336 miles apart, about 403 by road; 420 driven)', () => {
    const reno = cityCoordinates('Reno', 'NV')!;
    const boise = cityCoordinates('Boise', 'ID')!;
    const straight = haversineMiles(reno.lat, reno.lng, boise.lat, boise.lng);
    expect(estimatedRoadMiles(reno.lat, reno.lng, boise.lat, boise.lng)).toBe(Math.round(straight * 1.2));
    expect(straight).toBeGreaterThan(325);
    expect(straight).toBeLessThan(345);
  });
});

describe('GET /api/places', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers suggestions to anyone, and 400 with a clear message for a too short or missing query', async () => {
    const res = await app.client().get('/api/places?q=winnem');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      label: 'Winnemucca, NV',
      city: 'Winnemucca',
      state: 'NV',
      zip: null,
    });
    const short = await app.client().get('/api/places?q=w');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 2 characters/);
    expect((await app.client().get('/api/places')).status).toBe(400);
    expect((await app.client().get('/api/places?q=reno&limit=500')).status).toBe(400);
  });

  it('resolves a whole place as typed, a city with its state or a ZIP, and names an unknown one (issue 23)', async () => {
    const city = await app.client().get(`/api/places/resolve?q=${encodeURIComponent('Chicago, IL')}`);
    expect(city.status).toBe(200);
    expect(city.body.place).toMatchObject({ label: 'Chicago, IL', city: 'Chicago', state: 'IL', zip: null });
    expect((await app.client().get('/api/places/resolve?q=chicago%20il')).body.place.label).toBe(
      'Chicago, IL',
    );
    const zip = await app.client().get('/api/places/resolve?q=60601');
    expect(zip.body.place).toMatchObject({ zip: '60601', state: 'IL' });
    const zipLabel = await app
      .client()
      .get(`/api/places/resolve?q=${encodeURIComponent(zip.body.place.label)}`);
    expect(zipLabel.body.place.zip).toBe('60601');
    const unknown = await app.client().get(`/api/places/resolve?q=${encodeURIComponent('Atlantis, ZZ')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/No US place "Atlantis, ZZ"/);
    expect((await app.client().get('/api/places/resolve?q=00000')).status).toBe(404);
    expect((await app.client().get('/api/places/resolve')).status).toBe(400);
  });
});
