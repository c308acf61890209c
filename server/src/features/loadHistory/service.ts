import {
  LOAD_HISTORY_EVENTS,
  describeLoadFact,
  isLoadHistoryEvent,
  type AnyDomainEvent,
  type LoadHistoryEntryDto,
  type LoadHistoryPageDto,
} from '@freight/shared';
import { toDomainEvent } from '../../events/projectors';
import { DomainEventModel, type StoredDomainEvent } from '../../events/model';
import { findByIds } from '../../http/paginate';
import type { Actor } from '../../policies';
import { loadForParticipant } from '../tracking/access/service';
import { UserModel } from '../users/model';

interface NameSource {
  _id: unknown;
  firstName?: string;
  lastName?: string;
  companyName?: string | null;
}

/** "Dana Ruiz, Acme Freight" for each user id among the facts (one `_id` read per person). */
async function namesOf(userIds: Array<string | null>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id && /^[0-9a-f]{24}$/i.test(id)))];
  const users = await findByIds<NameSource>(UserModel, ids, { firstName: 1, lastName: 1, companyName: 1 });
  return new Map(
    users.map((u) => {
      const person = [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || 'A user';
      return [String(u._id), u.companyName ? `${person}, ${u.companyName}` : person];
    }),
  );
}

/** The entries of some facts of one load, in the order given, names resolved. */
export async function presentHistory(events: AnyDomainEvent[]): Promise<LoadHistoryEntryDto[]> {
  const names = await namesOf(events.map((e) => e.actor.userId));
  return events.map((event) => ({
    id: event.id,
    seq: event.seq,
    name: event.name,
    at: event.at,
    text: describeLoadFact(event),
    by: event.actor.userId ? (names.get(event.actor.userId) ?? null) : null,
  }));
}

const MAX_PAGE = 100;

/** GET /api/freight/:id/history: the load's facts, oldest first, for its participants (anyone else: 404). */
export async function loadHistory(
  actor: Actor,
  freightId: string,
  query: { after?: number; pageSize?: number },
): Promise<LoadHistoryPageDto> {
  const load = await loadForParticipant(actor, freightId);
  const size = Math.min(query.pageSize ?? 50, MAX_PAGE);
  // Led by the load's id (equality, indexed); the range on seq reads only this load's facts.
  const docs = await DomainEventModel.find({
    loadId: String(load._id),
    state: 'recorded',
    seq: { $gt: query.after ?? 0 },
    name: { $in: [...LOAD_HISTORY_EVENTS] },
  })
    .sort({ seq: 1 })
    .limit(size + 1)
    .lean<StoredDomainEvent[]>();
  const page = docs.slice(0, size);
  const entries = await presentHistory(page.map(toDomainEvent).filter((e) => isLoadHistoryEvent(e.name)));
  return { entries, next: docs.length > size ? page[page.length - 1].seq : null };
}
