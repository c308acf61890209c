import { rooms } from '@freight/shared';
import { companiesOfPeople } from './stamps';

/**
 * The rooms that hear of a change to objects these people are parties to (issue 28): each person's own room and
 * their company's `company:<id>` room, so every member's screens follow one member's action. A socket in both gets
 * one copy (Socket.IO sends one emit to several rooms once per socket).
 */
export async function partyRooms(userIds: Array<string | null | undefined>): Promise<string[]> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  const companies = await companiesOfPeople(ids);
  const out = new Set<string>();
  for (const id of ids) {
    out.add(rooms.user(id));
    const company = companies.get(id);
    if (company) out.add(rooms.company(String(company)));
  }
  return [...out];
}
