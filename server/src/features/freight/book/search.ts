import {
  DEFAULT_SEARCH_RADIUS,
  boardComparator,
  compileBoardFilter,
  deadheadMilesOf,
  type FreightListingDto,
  type FreightPage,
  type FreightSearchQuery,
  CARRIER_ON_LOAD_STATUSES,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { badRequest, unauthorized } from '../../../http/errors';
import type { Actor } from '../../../policies';
import { viewerLoadActions } from '../../../policies/freight';
import { resolvePlace } from '../../places/gazetteer';
import { assertFeatureAccess } from '../../../policies/gate';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { OpenLoadBook } from './book';
import { OPEN_LOADS_FILTER, liveBook, readOpenLoads } from './live';

/** A viewer's own loads stay on their board after they leave 'available' (SPEC §2's Track link), unless cancelled. */

/** The database query behind the board (the book's source), the same for every search: filters and sorts run on the book. */
export function boardQuery(): {
  filter: FilterQuery<FreightListing>;
  sort: Record<string, 1 | -1>;
} {
  return { filter: { ...OPEN_LOADS_FILTER }, sort: {} };
}

/** The viewer's loads in later states: top-level equality on (userId or carrierId) and status only. */
async function ownLaterLoads(actor: Actor | null): Promise<FreightListingDto[]> {
  if (!actor) return [];
  const me = new Types.ObjectId(actor.id);
  const batches = await Promise.all(
    CARRIER_ON_LOAD_STATUSES.flatMap((status) => [
      FreightModel.find({ userId: me, status }).lean<FreightListing[]>(),
      FreightModel.find({ carrierId: me, status }).lean<FreightListing[]>(),
    ]),
  );
  const byId = new Map<string, FreightListingDto>();
  for (const doc of batches.flat()) byId.set(String(doc._id), toFreightDto(doc));
  return [...byId.values()];
}

async function currentBook(): Promise<OpenLoadBook> {
  const live = liveBook();
  if (live) return live.book;
  // A process without the web role (a script, a benchmark): a book read for this search alone.
  const book = new OpenLoadBook();
  book.reset(await readOpenLoads());
  return book;
}

/**
 * The load board (call 8): the open loads from the book, filtered, sorted and paged in memory, plus the
 * signed-in viewer's own loads in later states. Reads nothing else from the database.
 */
export async function searchListings(actor: Actor | null, query: FreightSearchQuery): Promise<FreightPage> {
  if (query.equipmentType === 'air_cargo') {
    if (!actor) throw unauthorized();
    await assertFeatureAccess(actor, 'air_freight');
  }
  if (query.status && query.status !== 'available') {
    throw badRequest('status: the board lists open loads (your other loads are under My Listings)');
  }
  const q = withPlaces(query);
  if (q.sort === 'deadhead' && q.lat === undefined) {
    throw badRequest('sort: deadhead needs an origin (a city or ZIP code, or lat and lng)');
  }
  const skip = (q.page - 1) * q.pageSize;
  const compare = boardComparator(q.sort, q);
  const showsOwn = compileBoardFilter(q, { anyStatus: true });
  const [book, own] = await Promise.all([
    currentBook(),
    q.status ? Promise.resolve([]) : ownLaterLoads(actor).then((l) => l.filter(showsOwn).sort(compare)),
  ]);
  // Deadhead depends on the search: every match is read and sorted here (a radius keeps them few).
  const { total, first } =
    q.sort === 'deadhead'
      ? book.search(q, 'newest', Number.POSITIVE_INFINITY)
      : book.search(q, q.sort, skip + q.pageSize);
  const merged = own.length || q.sort === 'deadhead' ? [...first, ...own].sort(compare) : first;
  const items = merged
    .slice(skip, skip + q.pageSize)
    .map((l) => ({ ...l, viewerActions: viewerLoadActions(actor, l) }));
  return {
    items: q.lat === undefined ? items : items.map((l) => ({ ...l, deadheadMiles: deadheadMilesOf(q, l) })),
    page: q.page,
    pageSize: q.pageSize,
    total: total + own.length,
  };
}

/**
 * The typed places of a search as points: `origin` becomes lat/lng (with the default radius when none is given),
 * `destination` becomes destinationLat/destinationLng. 400 for a place the gazetteer does not know.
 */
function withPlaces(q: FreightSearchQuery): FreightSearchQuery {
  const out = { ...q };
  for (const [field, lat, lng, radius] of [
    ['origin', 'lat', 'lng', 'radius'],
    ['destination', 'destinationLat', 'destinationLng', 'destinationRadius'],
  ] as const) {
    const text = q[field];
    if (!text) continue;
    const place = resolvePlace(text);
    if (!place) {
      throw badRequest(
        `${field}: no US place "${text}" (type a city with its state, e.g. "Reno, NV", or a 5-digit ZIP code)`,
      );
    }
    out[lat] = place.lat;
    out[lng] = place.lng;
    out[radius] = q[radius] ?? DEFAULT_SEARCH_RADIUS;
  }
  return out;
}
