import {
  ASPECTS_OF_RATED_SIDE,
  RATING_EDIT_DAYS,
  type LoadRatingsDto,
  type RatingDto,
  type RatingSide,
  type RatingValues,
} from '@freight/shared';
import { Types } from 'mongoose';
import { recordFact } from '../../events/record';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { now } from '../../infra/clock';
import { withAggregate } from '../../infra/concurrency';
import { can, type Actor } from '../../policies';
import {
  otherSide,
  partyOf,
  ratingEditableUntil,
  ratingSideOf,
  viewerRatingActions,
  type RatedLoadRef,
} from '../../policies/ratings';
import { companyNames } from '../companies/service';
import { findLoad } from '../freight/service';
import { UserModel } from '../users/model';
import { RatingModel, toRatingDto, type Rating } from './model';

const dtoOf = (r: Rating) => toRatingDto(r, RATING_EDIT_DAYS);
const withActions = (actor: Actor, r: Rating): RatingDto => ({
  ...dtoOf(r),
  viewerActions: viewerRatingActions(actor, r, now()),
});

/** A party's display name: its company's, or the person's (company name, else their name) without one. */
async function partyName(partyId: string): Promise<string> {
  const company = (await companyNames([partyId])).get(partyId);
  if (company) return company;
  const user = Types.ObjectId.isValid(partyId)
    ? await UserModel.findById(partyId, { companyName: 1, firstName: 1, lastName: 1 }).lean()
    : null;
  return user?.companyName || [user?.firstName, user?.lastName].filter(Boolean).join(' ') || '';
}

/** The load as a participant reads it: 404 for anyone who may not read it (the load's rule), as elsewhere. */
async function participantLoad(actor: Actor, loadId: string) {
  const load = await findLoad(loadId);
  if (!can(actor, 'load:read', load)) throw notFound('Load not found');
  return load;
}

const ratingOf = (loadId: Types.ObjectId, fromCompanyId: string) =>
  RatingModel.findOne({ loadId, fromCompanyId }).lean<Rating>();

/** The aspects a rater may score: the rated side's (a carrier rating the payer scores payment, not paperwork). */
function checkAspects(values: RatingValues, rated: RatingSide): void {
  const allowed = ASPECTS_OF_RATED_SIDE[rated];
  const wrong = Object.keys(values.aspects).find((a) => !allowed.includes(a as never));
  if (wrong) {
    throw badRequest(
      `aspects.${wrong}: a ${rated === 'carrier' ? 'carrier' : 'poster'} is rated on ${allowed.join(', ')}`,
      [{ path: `aspects.${wrong}`, message: `not an aspect of a ${rated}` }],
    );
  }
}

/** Why the actor may not rate this load (it is readable to them: they take part in it in some role). */
function refuseToRate(actor: Actor, load: RatedLoadRef): never {
  if (load.status !== 'delivered') throw conflict('A load can be rated once it is delivered');
  if (ratingSideOf(actor, load) === null)
    throw forbidden('Only the carrier and the poster of a load rate it');
  throw forbidden("Only the company's owner, admins, dispatchers and accounting rate a load");
}

/** A load's ratings as the viewer's side sees them (GET /api/freight/:id/ratings). */
export async function loadRatings(actor: Actor, loadId: string): Promise<LoadRatingsDto> {
  const load = await participantLoad(actor, loadId);
  const side = ratingSideOf(actor, load);
  const id = String(load._id);
  if (!side || load.status !== 'delivered') {
    return { id, side: null, ratee: null, given: null, received: null, canRate: false };
  }
  const mine = partyOf(load, side);
  const theirs = partyOf(load, otherSide(side));
  const [given, received, name] = await Promise.all([
    ratingOf(load._id, mine.key),
    ratingOf(load._id, theirs.key),
    partyName(theirs.key),
  ]);
  return {
    id,
    side,
    ratee: { companyId: theirs.key, name },
    given: given ? withActions(actor, given) : null,
    received: received ? dtoOf(received) : null,
    canRate: !given && can(actor, 'rating:give', load),
  };
}

/**
 * Rates the other side of a delivered load (POST /api/freight/:id/rating): once per side, under the load's lease
 * (two posts at once: the second finds the first and gets 409); the unique index is the second guard.
 */
export async function rateLoad(actor: Actor, loadId: string, values: RatingValues): Promise<RatingDto> {
  const load = await participantLoad(actor, loadId);
  if (!can(actor, 'rating:give', load)) refuseToRate(actor, load);
  const side = ratingSideOf(actor, load)!;
  const from = partyOf(load, side);
  const to = partyOf(load, otherSide(side));
  checkAspects(values, otherSide(side));
  const id = String(load._id);
  return withAggregate('load', id, async () => {
    if (await ratingOf(load._id, from.key)) {
      throw conflict('Your company has rated this load already; change that rating instead');
    }
    const at = now();
    const [fromName, toName] = await Promise.all([partyName(from.key), partyName(to.key)]);
    const rating: Rating = {
      _id: new Types.ObjectId(),
      loadId: load._id,
      fromCompanyId: from.key,
      fromSide: side,
      fromName,
      givenBy: new Types.ObjectId(actor.id),
      changedBy: null,
      toCompanyId: to.key,
      toUserId: new Types.ObjectId(to.userId),
      toName,
      ...values,
      givenAt: at,
      updatedAt: at,
      version: 1,
    };
    await recordFact(
      { kind: 'load', id },
      {
        name: 'rating.given',
        key: `${id}-${from.key}`,
        by: actor,
        loadId: id,
        subjects: { ratingId: String(rating._id), toUserId: to.userId, toCompanyId: to.key },
        data: { rating: dtoOf(rating) },
        proof: { collection: 'ratings', filter: { _id: rating._id } },
      },
      async () => RatingModel.create(rating),
    );
    return withActions(actor, rating);
  });
}

/** Changes the actor's side's rating of a load (PATCH /api/freight/:id/rating), within 7 days of giving it. */
export async function changeRating(actor: Actor, loadId: string, values: RatingValues): Promise<RatingDto> {
  const load = await participantLoad(actor, loadId);
  const side = ratingSideOf(actor, load);
  if (!side || !can(actor, 'rating:give', load)) refuseToRate(actor, load);
  const from = partyOf(load, side);
  checkAspects(values, otherSide(side));
  const id = String(load._id);
  return withAggregate('load', id, async () => {
    const before = await ratingOf(load._id, from.key);
    if (!before) throw notFound('Your company has not rated this load yet');
    const at = now();
    if (!can(actor, 'rating:edit', { rating: before, now: at })) {
      throw conflict(
        `A rating can be changed for ${RATING_EDIT_DAYS} days after it is given; this one could be changed until ${ratingEditableUntil(before).toISOString().slice(0, 10)}`,
      );
    }
    const after: Rating = {
      ...before,
      ...values,
      changedBy: new Types.ObjectId(actor.id),
      updatedAt: at,
      version: before.version + 1,
    };
    const previous: RatingValues = {
      overall: before.overall,
      aspects: before.aspects ?? {},
      comment: before.comment ?? null,
    };
    await recordFact(
      { kind: 'load', id },
      {
        name: 'rating.changed',
        key: `${String(before._id)}-${after.version}`,
        by: actor,
        loadId: id,
        subjects: {
          ratingId: String(before._id),
          toUserId: String(before.toUserId),
          toCompanyId: before.toCompanyId,
        },
        data: { rating: dtoOf(after), previous },
        proof: { collection: 'ratings', filter: { _id: before._id, version: after.version } },
      },
      () =>
        RatingModel.updateOne(
          { _id: before._id, version: before.version },
          {
            $set: {
              overall: after.overall,
              aspects: after.aspects,
              comment: after.comment,
              changedBy: after.changedBy,
              updatedAt: at,
              version: after.version,
            },
          },
        ),
    );
    return withActions(actor, after);
  });
}
