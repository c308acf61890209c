import { Types, type FilterQuery } from 'mongoose';
import { can, type Actor } from '../../policies';
import type { LoadRef } from '../../policies/freight';

/**
 * "Mine" for a member (issue 28): the objects where the actor's company is this party, one top-level equality on
 * the stamped company field; an account not in a company yet: its own person id.
 */
export function mine(actor: Pick<Actor, 'id' | 'companyId'>, personField: string, companyField: string) {
  return actor.companyId
    ? { [companyField]: new Types.ObjectId(actor.companyId) }
    : { [personField]: new Types.ObjectId(actor.id) };
}

/** A party of a load, as its person field and the company field beside it (`['carrierId', 'carrierCompanyId']`). */
export type LoadParty = readonly [personField: string, companyField: string];
export const CARRIER_PARTY: LoadParty = ['carrierId', 'carrierCompanyId'];

/**
 * The filters of a list of the company's loads (issue 51), as the policy decides with the member's role: with
 * `load:list` (the reading roles) every load where their company is one of `parties` (each filter with `extra`); without
 * it (a driver) only the loads assigned to them while their company hauls them, when the list includes the carrier's
 * loads; otherwise none (an empty list: `paginate` reads nothing). Each filter leads with an equality (DESIGN §2).
 * The caller keeps only the loads `load:read` allows of what it read (`readableLoads`), so a list never shows a load
 * its detail routes hide.
 */
export function loadListFilters(
  actor: Actor,
  parties: readonly LoadParty[],
  extra: FilterQuery<unknown> = {},
): Array<FilterQuery<unknown>> {
  // The equality leads, and a condition of `extra` on the same field never replaces it.
  const leading = (equality: FilterQuery<unknown>) => ({ ...equality, ...extra, ...equality });
  if (can(actor, 'load:list')) return parties.map(([p, c]) => leading(mine(actor, p, c)));
  const hauled = parties.some(([p]) => p === CARRIER_PARTY[0]);
  if (!hauled || !actor.companyId) return [];
  return [
    leading({
      assignedDriverId: new Types.ObjectId(actor.id),
      carrierCompanyId: new Types.ObjectId(actor.companyId),
    }),
  ];
}

/** The loads of a page the actor may read (`load:read`): the lists' second guard behind `loadListFilters`. */
export function readableLoads<T extends LoadRef>(actor: Actor, loads: T[]): T[] {
  return loads.filter((l) => can(actor, 'load:read', l));
}

/** An empty page of a list the actor's role sees nothing of (issue 51): the list exists, it holds nothing for them. */
export const emptyPage = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  items: [] as never[],
  page,
  pageSize,
  total: 0,
});
