import { ROAD_CIRCUITY, haversineMiles, type PlaceDto } from '@freight/shared';
import { createRequire } from 'node:module';

/** One row of the `zipcodes` package's US table (BSD licence): a ZIP code with its city, state and centroid. */
interface ZipEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
// The package is CommonJS without types; only its US table is read (not its Canadian one).
const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as {
  codes: Record<string, ZipEntry>;
};

/**
 * Every US place with a ZIP code, offline (issue 15): the `zipcodes` package's table of 42,555 ZIP centroids, read
 * once on first use. A city is the mean of its ZIP centroids; its size for ranking suggestions is its ZIP count.
 */
interface City {
  city: string;
  state: string;
  lat: number;
  lng: number;
  zips: number;
  /** Lower-case "city, st", the text prefixes are matched against. */
  key: string;
}

interface Gazetteer {
  byZip: Map<string, PlaceDto>;
  byCity: Map<string, City>;
  /** Every city sorted by key, so a prefix is one binary search and a short walk. */
  sorted: City[];
}

let gazetteer: Gazetteer | null = null;

const cityKey = (city: string, state: string) =>
  `${city.trim().toLowerCase().replace(/\s+/g, ' ')}, ${state.trim().toLowerCase()}`;
const round = (n: number) => Math.round(n * 10_000) / 10_000;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function build(): Gazetteer {
  const byZip = new Map<string, PlaceDto>();
  const points = new Map<string, { city: string; state: string; lats: number[]; lngs: number[] }>();
  for (const entry of Object.values(codes)) {
    if (entry.country !== 'US' || !Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude))
      continue;
    const city = titleCase(entry.city);
    byZip.set(entry.zip, {
      label: `${entry.zip} (${city}, ${entry.state})`,
      city,
      state: entry.state,
      zip: entry.zip,
      lat: entry.latitude,
      lng: entry.longitude,
    });
    const key = cityKey(city, entry.state);
    const p = points.get(key) ?? { city, state: entry.state, lats: [], lngs: [] };
    p.lats.push(entry.latitude);
    p.lngs.push(entry.longitude);
    points.set(key, p);
  }
  // The median, not the mean: a city's list holds odd ZIPs (post office boxes placed far off) that would pull it away.
  const byCity = new Map<string, City>();
  for (const [key, p] of points) {
    byCity.set(key, {
      city: p.city,
      state: p.state,
      lat: round(median(p.lats)),
      lng: round(median(p.lngs)),
      zips: p.lats.length,
      key,
    });
  }
  const sorted = [...byCity.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { byZip, byCity, sorted };
}

function places(): Gazetteer {
  gazetteer ??= build();
  return gazetteer;
}

/** The table writes most names in capitals or title case; "MC ALLEN" and "mcallen" both read "Mc Allen". */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'.])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

const toPlace = (c: City): PlaceDto => ({
  label: `${c.city}, ${c.state}`,
  city: c.city,
  state: c.state,
  zip: null,
  lat: c.lat,
  lng: c.lng,
});

/** A city's coordinates (case and spacing ignored; "St." and "Saint" are tried both ways), or null. */
export function cityCoordinates(city: string, state: string): { lat: number; lng: number } | null {
  const { byCity } = places();
  for (const name of spellings(city)) {
    const hit = byCity.get(cityKey(name, state));
    if (hit) return { lat: hit.lat, lng: hit.lng };
  }
  return null;
}

function spellings(city: string): string[] {
  const trimmed = city.trim();
  const out = [trimmed];
  if (/^st\.?\s/i.test(trimmed))
    out.push(trimmed.replace(/^st\.?\s/i, 'Saint '), trimmed.replace(/^st\.?\s/i, 'St '));
  if (/^saint\s/i.test(trimmed)) out.push(trimmed.replace(/^saint\s/i, 'St '));
  if (/^ft\.?\s/i.test(trimmed)) out.push(trimmed.replace(/^ft\.?\s/i, 'Fort '));
  if (/^mt\.?\s/i.test(trimmed)) out.push(trimmed.replace(/^mt\.?\s/i, 'Mount '));
  return out;
}

const ZIP_RE = /^\d{5}$/;
/** A ZIP suggestion's own label, "60601 (Chicago, IL)", read as its ZIP. */
const ZIP_LABEL_RE = /^(\d{5})\s*\(.*\)$/;
const CITY_STATE_RE = /^(.+?)[,\s]+([A-Za-z]{2})$/;

/**
 * A place typed by a user: a 5-digit ZIP (or a ZIP suggestion's label), or a city and its state ("Reno, NV" or
 * "Reno NV"). Null when unknown.
 */
export function resolvePlace(text: string): PlaceDto | null {
  const t = text.trim();
  if (ZIP_RE.test(t)) return places().byZip.get(t) ?? null;
  const zipLabel = ZIP_LABEL_RE.exec(t);
  if (zipLabel) return places().byZip.get(zipLabel[1]!) ?? null;
  const m = CITY_STATE_RE.exec(t);
  if (!m) return null;
  const state = m[2]!.toUpperCase();
  for (const name of spellings(m[1]!)) {
    const hit = places().byCity.get(cityKey(name, state));
    if (hit) return toPlace(hit);
  }
  return null;
}

/**
 * Suggestions for a partly typed place: ZIP codes by prefix, or cities whose "city, st" starts with the text,
 * larger places (more ZIP codes) first.
 */
export function suggestPlaces(text: string, limit: number): PlaceDto[] {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const { byZip, sorted } = places();
  if (/^\d{2,5}$/.test(t)) {
    const out: PlaceDto[] = [];
    for (const [zip, place] of byZip) {
      if (zip.startsWith(t)) out.push(place);
      if (out.length >= 200) break;
    }
    return out.sort((a, b) => (a.zip! < b.zip! ? -1 : 1)).slice(0, limit);
  }
  const normal = t.replace(/\s*,\s*/g, ', ');
  // Without a comma the last word may be the state, whole ("reno nv") or begun ("reno n"): try that reading first.
  const lastSpace = normal.includes(',') ? -1 : normal.lastIndexOf(' ');
  const hits =
    lastSpace > 0 && normal.length - lastSpace <= 3
      ? citiesStartingWith(sorted, `${normal.slice(0, lastSpace)}, ${normal.slice(lastSpace + 1)}`)
      : [];
  if (hits.length === 0) hits.push(...citiesStartingWith(sorted, normal));
  return hits
    .sort((a, b) => b.zips - a.zips || (a.key < b.key ? -1 : 1))
    .slice(0, limit)
    .map(toPlace);
}

/** The cities whose key starts with `prefix` (at most 500: enough to rank the largest first). */
function citiesStartingWith(sorted: City[], prefix: string): City[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  const hits: City[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.key.startsWith(prefix) && hits.length < 500; i++) {
    hits.push(sorted[i]!);
  }
  return hits;
}

/** Road miles between two points: the great-circle distance times the circuity factor, whole miles, at least 1. */
export function estimatedRoadMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return Math.max(1, Math.round(haversineMiles(lat1, lng1, lat2, lng2) * ROAD_CIRCUITY));
}
