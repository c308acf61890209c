import {
  hasSavedSearchFilter,
  matchesBoardFilter,
  type FreightListingDto,
  type Page,
  type SavedSearchDto,
  type SavedSearchFilters,
  type savedSearchSchema,
  type savedSearchUpdateSchema,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { conflict, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import type { PageQuery } from '../../../http/validate';
import { withAggregate } from '../../../infra/concurrency';
import { oncePerDatabase } from '../../../infra/maintenanceMarks';
import { authorize, type Actor } from '../../../policies';
import { assertFeatureAccess } from '../../../policies/gate';
import { objectId } from '../ids';
import { alertLaneOf, alertLanesOfLoad, SavedSearchModel, toSavedSearchDto, type SavedSearch } from './model';

export const MAX_SAVED_SEARCHES = 25;

/**
 * A new load: the saved searches with alerts on that match it, one per owner however many of their searches match
 * (issue 12: alerts must not multiply); ./projector.ts notifies their owners. A search without any filter (saved
 * before filters were required) alerts no one: it would match every load.
 */
export async function savedSearchesAlerted(listing: FreightListingDto): Promise<SavedSearch[]> {
  // One equality query per lane ($in does not reach FerretDB's storage; four equalities do).
  const lanes = await Promise.all(
    alertLanesOfLoad(listing).map((alertLane) =>
      SavedSearchModel.find({ alertLane, alertsEnabled: true }).lean<SavedSearch[]>(),
    ),
  );
  const alerted = new Map<string, SavedSearch>();
  for (const s of lanes.flat()) {
    const owner = String(s.userId);
    if (owner === listing.userId || alerted.has(owner)) continue;
    const filters = (s.filters ?? {}) as SavedSearchFilters;
    if (!hasSavedSearchFilter(filters) || !matchesBoardFilter(filters, listing)) continue;
    alerted.set(owner, s);
  }
  return [...alerted.values()];
}

/**
 * Searches saved before they carried their lane (or with a lane of an older rule) get it, once per database, in the
 * background of a start (until then such a search does not alert). Each write is under its owner's lease, like every other write of a saved search.
 */
export const SAVED_SEARCH_LANES_BACKFILL = 'saved-search-lanes-v1';
export function backfillAlertLanes(): Promise<void> {
  return oncePerDatabase(SAVED_SEARCH_LANES_BACKFILL, async () => {
    const searches = await SavedSearchModel.find({}, { userId: 1, filters: 1, alertLane: 1 }).lean<
      Pick<SavedSearch, '_id' | 'userId' | 'filters' | 'alertLane'>[]
    >();
    for (const s of searches) {
      // Recomputed, not only filled in: a lane written before 'refrigerated' counted as 'reefer' is corrected too.
      const alertLane = alertLaneOf((s.filters ?? {}) as SavedSearchFilters);
      if (s.alertLane === alertLane) continue;
      await withAggregate('user', String(s.userId), () =>
        SavedSearchModel.updateOne({ _id: s._id }, { $set: { alertLane } }),
      );
    }
  });
}

export async function listSavedSearches(actor: Actor, q: PageQuery): Promise<Page<SavedSearchDto>> {
  authorize(actor, 'savedSearch:manage');
  const found = await paginate<SavedSearch>(
    SavedSearchModel,
    { userId: new Types.ObjectId(actor.id) },
    { createdAt: -1, _id: -1 },
    q,
  );
  return { ...found, items: found.items.map(toSavedSearchDto) };
}

export async function createSavedSearch(
  actor: Actor,
  data: z.output<typeof savedSearchSchema>,
): Promise<SavedSearchDto> {
  authorize(actor, 'savedSearch:manage', undefined, { message: 'Complete your account setup first' });
  if (data.filters.equipmentType === 'air_cargo') await assertFeatureAccess(actor, 'air_freight');
  const userId = new Types.ObjectId(actor.id);
  const filters = Object.fromEntries(Object.entries(data.filters).filter(([, v]) => v !== undefined));
  // The cap is counted and the insert made under the user's lease, so concurrent creates hold it exactly.
  const doc = await withAggregate('user', actor.id, async () => {
    if ((await SavedSearchModel.countDocuments({ userId })) >= MAX_SAVED_SEARCHES) {
      throw conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches`);
    }
    return SavedSearchModel.create({
      userId,
      name: data.name,
      filters,
      alertsEnabled: data.alertsEnabled,
    });
  });
  return toSavedSearchDto(doc.toObject() as SavedSearch);
}

export async function updateSavedSearch(
  actor: Actor,
  id: string,
  data: z.output<typeof savedSearchUpdateSchema>,
): Promise<SavedSearchDto> {
  const set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  // Under the user's lease like create and delete: FerretDB rewrites the whole document, so two edits of one search
  // (a rename and an alerts switch from two tabs) would otherwise undo each other.
  const updated = await withAggregate('user', actor.id, () =>
    SavedSearchModel.findOneAndUpdate(
      { _id: objectId(id, 'Saved search'), userId: new Types.ObjectId(actor.id) },
      { $set: set },
      { new: true },
    ).lean<SavedSearch>(),
  );
  if (!updated) throw notFound('Saved search not found');
  return toSavedSearchDto(updated);
}

export async function deleteSavedSearch(actor: Actor, id: string): Promise<void> {
  const _id = objectId(id, 'Saved search');
  const res = await withAggregate('user', actor.id, () =>
    SavedSearchModel.deleteOne({ _id, userId: new Types.ObjectId(actor.id) }),
  );
  if (res.deletedCount === 0) throw notFound('Saved search not found');
}
