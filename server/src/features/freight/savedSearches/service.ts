import {
  savedSearchSchema,
  savedSearchUpdateSchema,
  type FreightListingDto,
  type Page,
  type SavedSearchDto,
  type SavedSearchFilters,
} from '@freight/shared';
import { Types } from 'mongoose';
import { conflict, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import { pageQuerySchema, parse } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { notify } from '../../notifications/service';
import { assertFeatureAccess } from '../../subscriptions/gate';
import { haversineMiles } from '../geo';
import { objectId } from '../ids';
import { SavedSearchModel, toSavedSearchDto, type SavedSearch } from './model';

export const MAX_SAVED_SEARCHES = 25;

const dayStart = (s: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00.000Z` : s);
const dayEnd = (s: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T23:59:59.999Z` : s);
const includes = (value: string | null, part: string) =>
  (value ?? '').toLowerCase().includes(part.toLowerCase());

/** The board's filter semantics (SPEC §5 load board filters) applied to one listing. */
export function matchesFilters(f: SavedSearchFilters, l: FreightListingDto): boolean {
  if (f.equipmentType ? l.equipmentType !== f.equipmentType : l.equipmentType === 'air_cargo') return false;
  if (f.originCity && !includes(l.originCity, f.originCity)) return false;
  if (f.destinationCity && !includes(l.destinationCity, f.destinationCity)) return false;
  if (f.originState && l.originState !== f.originState) return false;
  if (f.destinationState && l.destinationState !== f.destinationState) return false;
  if (f.weightClass && l.weightClass !== f.weightClass) return false;
  if (f.minRate !== undefined && (l.rate == null || l.rate < f.minRate)) return false;
  if (f.maxRate !== undefined && (l.rate == null || l.rate > f.maxRate)) return false;
  const pickup = l.pickupDate ? Date.parse(l.pickupDate) : null;
  if (f.pickupDateStart && (pickup == null || pickup < dayStart(f.pickupDateStart))) return false;
  if (f.pickupDateEnd && (pickup == null || pickup > dayEnd(f.pickupDateEnd))) return false;
  if (f.lat !== undefined && f.lng !== undefined && f.radius !== undefined) {
    if (l.originLat == null || l.originLng == null) return false;
    if (haversineMiles(f.lat, f.lng, l.originLat, l.originLng) > f.radius) return false;
  }
  return true;
}

/** A new load: every saved search with alerts on that matches it notifies its owner (once per search and load). */
export async function alertSavedSearches(listing: FreightListingDto): Promise<void> {
  const cursor = SavedSearchModel.find({
    alertsEnabled: true,
    equipmentType: { $in: [null, listing.equipmentType] },
  })
    .lean<SavedSearch[]>()
    .cursor();
  for await (const search of cursor) {
    const s = search as SavedSearch;
    if (String(s.userId) === listing.userId) continue;
    if (!matchesFilters((s.filters ?? {}) as SavedSearchFilters, listing)) continue;
    await notify({
      userId: String(s.userId),
      kind: 'saved_search_match',
      title: `New load matches "${s.name}"`,
      body: `${listing.originCity}, ${listing.originState} to ${listing.destinationCity}, ${listing.destinationState}${
        listing.rate != null ? ` for $${listing.rate.toFixed(2)}` : ''
      }`,
      link: `/freight?load=${listing.id}`,
      // Exactly one colon: the notifications queue turns the key into a BullMQ job id `n:<key>` (3 parts at most).
      dedupeKey: `saved-search:${String(s._id)}-${listing.id}`,
    });
  }
}

export async function listSavedSearches(actor: Actor, input: unknown): Promise<Page<SavedSearchDto>> {
  authorize(actor, 'savedSearch:manage');
  const q = parse(pageQuerySchema, input);
  const found = await paginate<SavedSearch>(
    SavedSearchModel,
    { userId: new Types.ObjectId(actor.id) },
    { createdAt: -1, _id: -1 },
    q,
  );
  return { ...found, items: found.items.map(toSavedSearchDto) };
}

export async function createSavedSearch(actor: Actor, input: unknown): Promise<SavedSearchDto> {
  authorize(actor, 'savedSearch:manage', undefined, { message: 'Complete your account setup first' });
  const data = parse(savedSearchSchema, input);
  if (data.filters.equipmentType === 'air_cargo') await assertFeatureAccess(actor, 'air_freight');
  const userId = new Types.ObjectId(actor.id);
  if ((await SavedSearchModel.countDocuments({ userId })) >= MAX_SAVED_SEARCHES) {
    throw conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches`);
  }
  const filters = Object.fromEntries(Object.entries(data.filters).filter(([, v]) => v !== undefined));
  const doc = await SavedSearchModel.create({
    userId,
    name: data.name,
    filters,
    equipmentType: data.filters.equipmentType ?? null,
    alertsEnabled: data.alertsEnabled,
  });
  return toSavedSearchDto(doc.toObject() as SavedSearch);
}

export async function updateSavedSearch(actor: Actor, id: string, input: unknown): Promise<SavedSearchDto> {
  const data = parse(savedSearchUpdateSchema, input);
  const set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  const updated = await SavedSearchModel.findOneAndUpdate(
    { _id: objectId(id, 'Saved search'), userId: new Types.ObjectId(actor.id) },
    { $set: set },
    { new: true },
  ).lean<SavedSearch>();
  if (!updated) throw notFound('Saved search not found');
  return toSavedSearchDto(updated);
}

export async function deleteSavedSearch(actor: Actor, id: string): Promise<void> {
  const res = await SavedSearchModel.deleteOne({
    _id: objectId(id, 'Saved search'),
    userId: new Types.ObjectId(actor.id),
  });
  if (res.deletedCount === 0) throw notFound('Saved search not found');
}
