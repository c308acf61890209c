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
import { companyNames } from '../companies/service';

interface NameSource {
  _id: unknown;
  firstName?: string;
  lastName?: string;
  companyName?: string | null;
}

const isId = (id: string | null | undefined): id is string => !!id && /^[0-9a-f]{24}$/i.test(id);

/**
 * "Dana Ruiz, Acme Freight" for each fact's person: the person, and the company they acted for when the fact
 * happened (issue 28: it still names them after they leave), or, for facts from before companies, the company name
 * on their account. One `_id` read per person and per company.
 */
async function namesOf(events: AnyDomainEvent[]): Promise<Array<string | null>> {
  const ids = [...new Set(events.map((e) => e.actor.userId).filter(isId))];
  const users = await findByIds<NameSource>(UserModel, ids, { firstName: 1, lastName: 1, companyName: 1 });
  const people = new Map(users.map((u) => [String(u._id), u]));
  const companies = await companyNames(events.map((e) => e.actor.companyId).filter(isId));
  return events.map((e) => {
    const u = e.actor.userId ? people.get(e.actor.userId) : undefined;
    if (!u) return null;
    const person = [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || 'A user';
    const company = (e.actor.companyId && companies.get(e.actor.companyId)) || u.companyName;
    return company ? `${person}, ${company}` : person;
  });
}

/** The entries of some facts of one load, in the order given, names resolved. */
export async function presentHistory(events: AnyDomainEvent[]): Promise<LoadHistoryEntryDto[]> {
  const names = await namesOf(events);
  return events.map((event, i) => ({
    id: event.id,
    seq: event.seq,
    name: event.name,
    at: event.at,
    text: describeLoadFact(event),
    by: names[i],
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
