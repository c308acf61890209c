import { RATING_EDIT_DAYS, type RatingSide, type RatingViewerActions } from '@freight/shared';
import type { Actor, Rule } from './types';
import { PAPER_READERS, hasRole, isParty } from './companies';

/** The parts of a load the ratings rules look at. */
export interface RatedLoadRef {
  userId: unknown;
  companyId?: unknown;
  carrierId?: unknown;
  carrierCompanyId?: unknown;
  status?: string | null;
}

interface RatingRef {
  fromCompanyId: string;
  givenAt: Date;
}

/**
 * Who rates for a party (issue 40): the company's owner, admins, dispatchers and accounting (whoever worked the load
 * or its paperwork); drivers and viewers do not. A person without a company rates as themselves (as its owner).
 */
export const RATERS = PAPER_READERS;

/**
 * The side of a delivered load the actor rates for: the booked carrier's company, or the poster's company (the
 * payer; a broker or shipper named on someone else's load is not a side). Null: neither.
 */
export function ratingSideOf(actor: Actor, load: RatedLoadRef): RatingSide | null {
  if (load.carrierId != null && isParty(actor, load.carrierId, load.carrierCompanyId)) return 'carrier';
  if (isParty(actor, load.userId, load.companyId)) return 'poster';
  return null;
}

/** The party id of a side of a load: its company's, or the person's when they have none. */
export function partyOf(load: RatedLoadRef, side: RatingSide): { key: string; userId: string } {
  const [person, company] =
    side === 'carrier' ? [load.carrierId, load.carrierCompanyId] : [load.userId, load.companyId];
  return { key: String(company ?? person), userId: String(person) };
}

export const otherSide = (side: RatingSide): RatingSide => (side === 'carrier' ? 'poster' : 'carrier');

/** The actor's party id: their company's, or their own without one. */
const partyKeyOf = (actor: Actor) => actor.companyId ?? actor.id;

export const ratingEditableUntil = (rating: Pick<RatingRef, 'givenAt'>) =>
  new Date(rating.givenAt.getTime() + RATING_EDIT_DAYS * 86_400_000);

export const ratingsPolicies = {
  /** Rate the other side of a load: a delivered load's side, by a rating role. */
  'rating:give': (actor: Actor, load: RatedLoadRef) =>
    load.status === 'delivered' && hasRole(actor, RATERS) && ratingSideOf(actor, load) !== null,
  /** Change a rating: its side's raters, within RATING_EDIT_DAYS of when it was first given (`now` is the clock's). */
  'rating:edit': (actor: Actor, ref: { rating: RatingRef; now: Date }) =>
    hasRole(actor, RATERS) &&
    ref.rating.fromCompanyId === partyKeyOf(actor) &&
    ref.now < ratingEditableUntil(ref.rating),
} satisfies Record<string, Rule>;

export function viewerRatingActions(actor: Actor, rating: RatingRef, now: Date): RatingViewerActions {
  return ratingsPolicies['rating:edit'](actor, { rating, now }) ? { edit: true } : {};
}
