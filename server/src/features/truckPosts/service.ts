import {
  DEFAULT_TRUCK_PICKUP_RADIUS,
  DEFAULT_TRUCK_SEARCH_RADIUS,
  TRUCK_POSTS_BASIC,
  boundingBox,
  haversineMiles,
  isSubscriptionActive,
  myTruckPostsSchema,
  truckPostExpiry,
  truckPostIssues,
  unknownPlaceMessage,
  type Page,
  type TruckPostData,
  type TruckPostDto,
  type TruckPostPage,
  type TruckPostSearchQuery,
  type TruckPostUpdate,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { NOTHING_WRITTEN, recordFact } from '../../events/record';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import { now } from '../../infra/clock';
import { withAggregate } from '../../infra/concurrency';
import { authorize, type Actor } from '../../policies';
import { assertEmailVerified } from '../../policies/emailVerified';
import { viewerTruckPostActions } from '../../policies/truckPosts';
import { mine } from '../companies/mine';
import { cityCoordinates, resolvePlace } from '../places/gazetteer';
import { TruckPostModel, effectivePostStatus, latBandOf, toTruckPostDto, type TruckPost } from './model';

export const UNVERIFIED_TRUCK_POST_TEXT = 'Complete all required documents to post trucks';
/** A search reads at most this many of the newest active posts per query (status alone, or one latitude band). */
export const SEARCH_CANDIDATE_LIMIT = 2000;

const objectIdOf = (id: string) => {
  if (!Types.ObjectId.isValid(id)) throw notFound('Truck post not found');
  return new Types.ObjectId(id);
};

export async function findPost(id: string): Promise<TruckPost> {
  const post = await TruckPostModel.findById(objectIdOf(id)).lean<TruckPost>();
  if (!post) throw notFound('Truck post not found');
  return post;
}

const withActions = (actor: Actor | null, p: TruckPost): TruckPostDto => {
  const dto = toTruckPostDto(p, now());
  return { ...dto, viewerActions: viewerTruckPostActions(actor, dto) };
};

/** The place's coordinates: as given by the place picker, else the gazetteer's for the city. 400 when unknown. */
function placeOf(city: string, state: string, lat?: number | null, lng?: number | null) {
  if (lat != null && lng != null) return { lat, lng };
  const found = cityCoordinates(city, state);
  if (!found) throw badRequest(`originCity: ${unknownPlaceMessage(`${city}, ${state}`)}`);
  return found;
}

const rateCentsOf = (dollars: number | null | undefined) =>
  dollars == null ? null : Math.round(dollars * 100);

function assertIssues(v: Parameters<typeof truckPostIssues>[0]) {
  const issue = truckPostIssues(v, now())[0];
  if (issue) throw badRequest(`${issue.path}: ${issue.message}`);
}

/** Without an active Pro plan a carrier company keeps TRUCK_POSTS_BASIC active posts at once. */
async function assertUnderPostCap(actor: Actor): Promise<void> {
  const at = now();
  if (isSubscriptionActive(actor, at) && actor.subscriptionPlan?.endsWith('_pro')) return;
  const active = await TruckPostModel.find(
    { ...mine(actor, 'carrierId', 'carrierCompanyId'), status: 'active' },
    { expiresAt: 1, status: 1 },
  ).lean<Array<Pick<TruckPost, 'expiresAt' | 'status'>>>();
  const count = active.filter((p) => effectivePostStatus(p, at) === 'active').length;
  if (count >= TRUCK_POSTS_BASIC) {
    throw forbidden(
      `Your plan keeps ${TRUCK_POSTS_BASIC} posted trucks at a time: withdraw one, or upgrade to Carrier Pro for unlimited posts at /subscribe.`,
    );
  }
}

/** A carrier posts an empty truck. */
export async function postTruck(
  actor: Actor,
  poster: {
    companyName?: string | null;
    mcNumber?: string | null;
    firstName?: string | null;
    lastName?: string | null;
  },
  data: TruckPostData,
): Promise<TruckPostDto> {
  authorize(actor, 'truckPost:post', undefined, {
    message: 'Only carriers (owners, admins and dispatchers) can post trucks',
  });
  assertEmailVerified(actor);
  if (!actor.isVerified) throw forbidden(UNVERIFIED_TRUCK_POST_TEXT);
  const place = placeOf(data.originCity, data.originState, data.originLat, data.originLng);
  const companyId = actor.companyId ?? actor.id;
  const doc = await withAggregate('company', companyId, async () => {
    await assertUnderPostCap(actor);
    const at = now();
    const draft = new TruckPostModel({
      _id: new Types.ObjectId(),
      carrierId: new Types.ObjectId(actor.id),
      status: 'active',
      originCity: data.originCity,
      originState: data.originState,
      originLat: place.lat,
      originLng: place.lng,
      latBand: latBandOf(place.lat),
      availableFrom: data.availableFrom.slice(0, 10),
      availableTo: data.availableTo.slice(0, 10),
      expiresAt: truckPostExpiry(data.availableTo),
      equipmentType: data.equipmentType,
      length: data.length ?? null,
      maxWeight: data.maxWeight ?? null,
      pickupRadius: data.pickupRadius ?? DEFAULT_TRUCK_PICKUP_RADIUS,
      destinationStates: data.destinationStates ?? [],
      destinationRadius: data.destinationRadius ?? null,
      ratePerMileCents: rateCentsOf(data.ratePerMile),
      comments: data.comments ?? null,
      carrierName: poster.companyName || `${poster.firstName ?? ''} ${poster.lastName ?? ''}`.trim() || null,
      carrierMcNumber: poster.mcNumber ?? null,
      createdAt: at,
      updatedAt: at,
    });
    // The company stamp is set on save; the fact's snapshot names it too.
    draft.set('carrierCompanyId', actor.companyId ? new Types.ObjectId(actor.companyId) : null);
    const id = String(draft._id);
    await recordFact(
      { kind: 'truckPost', id },
      {
        name: 'truckPost.posted',
        key: id,
        by: actor,
        subjects: { truckPostId: id, carrierId: actor.id },
        data: { post: toTruckPostDto(draft.toObject() as TruckPost, at) },
        proof: { collection: TruckPostModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => draft.save(),
    );
    return draft.toObject() as TruckPost;
  });
  return withActions(actor, doc);
}

const EDITABLE = [
  'equipmentType',
  'length',
  'maxWeight',
  'pickupRadius',
  'destinationStates',
  'destinationRadius',
  'comments',
] as const;

/** The carrier edits an active post (its place, dates, equipment, wishes, rate). */
export async function editTruckPost(actor: Actor, id: string, data: TruckPostUpdate): Promise<TruckPostDto> {
  authorize(actor, 'truckPost:manage', await findPost(id), { hide: true, message: 'Truck post not found' });
  const edited = await withAggregate('truckPost', id, async () => {
    const post = await findPost(id);
    if (effectivePostStatus(post, now()) !== 'active')
      throw conflict(`This truck post is ${effectivePostStatus(post, now())}`);
    const merged = {
      availableFrom: data.availableFrom?.slice(0, 10) ?? post.availableFrom,
      availableTo: data.availableTo?.slice(0, 10) ?? post.availableTo,
      destinationStates:
        data.destinationStates !== undefined ? data.destinationStates : post.destinationStates,
      destinationRadius:
        data.destinationRadius !== undefined ? data.destinationRadius : post.destinationRadius,
    };
    assertIssues(merged);
    const at = now();
    const set: Record<string, unknown> = { updatedAt: at };
    const changed: string[] = [];
    for (const key of EDITABLE) {
      if (data[key] === undefined) continue;
      set[key] =
        key === 'pickupRadius'
          ? (data[key] ?? DEFAULT_TRUCK_PICKUP_RADIUS)
          : (data[key] ?? (key === 'destinationStates' ? [] : null));
      changed.push(key);
    }
    if (data.ratePerMile !== undefined) {
      set.ratePerMileCents = rateCentsOf(data.ratePerMile);
      changed.push('ratePerMile');
    }
    if (data.availableFrom !== undefined || data.availableTo !== undefined) {
      Object.assign(set, {
        availableFrom: merged.availableFrom,
        availableTo: merged.availableTo,
        expiresAt: truckPostExpiry(merged.availableTo),
      });
      changed.push('dates');
    }
    const city = data.originCity ?? post.originCity;
    const state = data.originState ?? post.originState;
    const moved = data.originCity !== undefined || data.originState !== undefined || data.originLat != null;
    if (moved) {
      const sameCity = city.toLowerCase() === post.originCity.toLowerCase() && state === post.originState;
      const place =
        data.originLat != null && data.originLng != null
          ? { lat: data.originLat, lng: data.originLng }
          : sameCity
            ? { lat: post.originLat, lng: post.originLng }
            : placeOf(city, state);
      Object.assign(set, {
        originCity: city,
        originState: state,
        originLat: place.lat,
        originLng: place.lng,
        latBand: latBandOf(place.lat),
      });
      changed.push('place');
    }
    const planned = { ...post, ...set } as TruckPost;
    const after = await recordFact(
      { kind: 'truckPost', id },
      {
        name: 'truckPost.edited',
        key: `${id}-${at.getTime()}`,
        by: actor,
        subjects: { truckPostId: id, carrierId: String(post.carrierId) },
        data: { post: toTruckPostDto(planned, at), changed },
        proof: {
          collection: TruckPostModel.collection.collectionName,
          filter: { _id: post._id, updatedAt: at },
        },
      },
      async () =>
        (await TruckPostModel.findOneAndUpdate(
          { _id: post._id, status: 'active' },
          { $set: set },
          { new: true },
        ).lean<TruckPost>()) ?? NOTHING_WRITTEN,
    );
    if (after === NOTHING_WRITTEN) throw conflict('This truck post is no longer active');
    return after;
  });
  return withActions(actor, edited);
}

/** Closes an active post (withdrawn by its carrier, or expired by the sweep) under its lease; null if not active. */
async function closePost(
  id: string,
  to: 'withdrawn' | 'expired',
  by: Actor | 'system',
  at: Date,
): Promise<TruckPost | null> {
  return withAggregate('truckPost', id, async () => {
    const post = await TruckPostModel.findById(objectIdOf(id)).lean<TruckPost>();
    if (!post || post.status !== 'active') return null;
    if (to === 'expired' && post.expiresAt > at) return null;
    const planned = { ...post, status: to, closedAt: at, updatedAt: at } as TruckPost;
    const after = await recordFact(
      { kind: 'truckPost', id },
      {
        name: to === 'withdrawn' ? 'truckPost.withdrawn' : 'truckPost.expired',
        key: id,
        by,
        subjects: { truckPostId: id, carrierId: String(post.carrierId) },
        data: { post: toTruckPostDto(planned, at) },
        proof: {
          collection: TruckPostModel.collection.collectionName,
          filter: { _id: post._id, status: to },
        },
      },
      async () =>
        (await TruckPostModel.findOneAndUpdate(
          { _id: post._id, status: 'active' },
          { $set: { status: to, closedAt: at, updatedAt: at } },
          { new: true },
        ).lean<TruckPost>()) ?? NOTHING_WRITTEN,
    );
    return after === NOTHING_WRITTEN ? null : after;
  });
}

export async function withdrawTruckPost(actor: Actor, id: string): Promise<TruckPostDto> {
  const post = await findPost(id);
  authorize(actor, 'truckPost:manage', post, { hide: true, message: 'Truck post not found' });
  const closed = await closePost(id, 'withdrawn', actor, now());
  if (!closed) {
    const current = await findPost(id);
    throw conflict(`This truck post is already ${effectivePostStatus(current, now())}`);
  }
  return withActions(actor, closed);
}

/**
 * The sweep (a repeatable job, and any caller that wants the store current): every active post past its expiry is
 * stored as expired and its fact recorded, each under its own lease.
 */
export async function expireTruckPosts(at: Date = now()): Promise<string[]> {
  const due = await TruckPostModel.find({ status: 'active', expiresAt: { $lte: at } }, { _id: 1 }).lean<
    Array<{ _id: Types.ObjectId }>
  >();
  const expired: string[] = [];
  for (const p of due)
    if (await closePost(String(p._id), 'expired', 'system', at)) expired.push(String(p._id));
  return expired;
}

/** One post: its carrier's company, and searchers while it is active (anyone else: 404). */
export async function getTruckPost(actor: Actor, id: string): Promise<TruckPostDto> {
  const post = await findPost(id);
  const own = Boolean(
    actor.companyId ? String(post.carrierCompanyId) === actor.companyId : String(post.carrierId) === actor.id,
  );
  if (own) authorize(actor, 'truckPost:readOwn', post, { hide: true, message: 'Truck post not found' });
  else {
    authorize(actor, 'truckPost:search', undefined, { hide: true, message: 'Truck post not found' });
    if (effectivePostStatus(post, now()) !== 'active') throw notFound('Truck post not found');
  }
  return withActions(actor, post);
}

/** "My Truck Posts": the carrier company's posts, newest first. */
export async function myTruckPosts(
  actor: Actor,
  q: z.output<typeof myTruckPostsSchema>,
): Promise<Page<TruckPostDto>> {
  authorize(actor, 'truckPost:listOwn', undefined, { message: 'Only carriers post trucks' });
  const filter = {
    ...mine(actor, 'carrierId', 'carrierCompanyId'),
    ...(q.status ? { status: q.status } : {}),
  };
  const found = await paginate<TruckPost>(TruckPostModel, filter, { createdAt: -1, _id: -1 }, q);
  return { ...found, items: found.items.map((p) => withActions(actor, p)) };
}

/**
 * Active posts near a point: one equality query per whole degree of latitude the circle's box covers (status, band,
 * and equipment when given; the newest SEARCH_CANDIDATE_LIMIT of each band), then the exact distance in memory.
 */
export async function activePostsNear(
  lat: number,
  lng: number,
  miles: number,
  equipmentType?: string,
): Promise<TruckPost[]> {
  const box = boundingBox(lat, lng, miles);
  const bands: number[] = [];
  for (let b = latBandOf(box.minLat); b <= latBandOf(box.maxLat); b++) bands.push(b);
  const batches = await Promise.all(
    bands.map((latBand) =>
      TruckPostModel.find({ status: 'active', latBand, ...(equipmentType ? { equipmentType } : {}) })
        .sort({ createdAt: -1 })
        .limit(SEARCH_CANDIDATE_LIMIT)
        .lean<TruckPost[]>(),
    ),
  );
  return batches.flat();
}

/** The Trucks board (brokers and shippers): active posts by place and radius, dates, equipment and destination. */
export async function searchTruckPosts(actor: Actor, query: TruckPostSearchQuery): Promise<TruckPostPage> {
  authorize(actor, 'truckPost:search', undefined, {
    message: 'The Trucks board is for brokers and shippers; carriers post their trucks under My Truck Posts',
  });
  const q = { ...query };
  if (q.origin) {
    const place = resolvePlace(q.origin);
    if (!place) throw badRequest(`origin: ${unknownPlaceMessage(q.origin)}`);
    q.lat = place.lat;
    q.lng = place.lng;
  }
  const circle = q.lat !== undefined && q.lng !== undefined;
  const radius = q.radius ?? DEFAULT_TRUCK_SEARCH_RADIUS;
  const at = now();
  const candidates = circle
    ? await activePostsNear(q.lat!, q.lng!, radius, q.equipmentType)
    : await TruckPostModel.find({
        status: 'active',
        ...(q.equipmentType ? { equipmentType: q.equipmentType } : {}),
      })
        .sort({ createdAt: -1 })
        .limit(SEARCH_CANDIDATE_LIMIT)
        .lean<TruckPost[]>();
  const matches: Array<{ post: TruckPost; miles?: number }> = [];
  for (const post of candidates) {
    if (effectivePostStatus(post, at) !== 'active') continue;
    if (q.availableFrom && post.availableTo < q.availableFrom.slice(0, 10)) continue;
    if (q.availableTo && post.availableFrom > q.availableTo.slice(0, 10)) continue;
    if (
      q.destinationState &&
      post.destinationStates.length &&
      !post.destinationStates.includes(q.destinationState)
    )
      continue;
    if (!circle) {
      matches.push({ post });
      continue;
    }
    const miles = haversineMiles(q.lat!, q.lng!, post.originLat, post.originLng);
    if (miles <= radius) matches.push({ post, miles });
  }
  matches.sort(
    (a, b) =>
      (a.miles ?? 0) - (b.miles ?? 0) ||
      b.post.createdAt.getTime() - a.post.createdAt.getTime() ||
      String(b.post._id).localeCompare(String(a.post._id)),
  );
  const skip = (q.page - 1) * q.pageSize;
  const items = matches.slice(skip, skip + q.pageSize).map(({ post, miles }) => ({
    ...withActions(actor, post),
    ...(miles !== undefined ? { distanceMiles: Math.round(miles) } : {}),
  }));
  return { items, page: q.page, pageSize: q.pageSize, total: matches.length };
}
