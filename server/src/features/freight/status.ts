import {
  type DeliveryExceptionKind,
  type DeliveryReceipt,
  type FreightStatus,
  FREIGHT_TRANSITIONS,
} from '@freight/shared';
import { Types } from 'mongoose';
import { conflict, notFound } from '../../http/errors';
import { holdsAggregate } from '../../infra/concurrency';
import { authorize, type Actor } from '../../policies';
import { NOTHING_WRITTEN, recordFact, type Fact } from '../../events/record';
import { stampChangedParties } from '../companies/stamps';
import { FreightModel, ratePerMileCentsOf, toFreightDto, type FreightListing } from './model';

/**
 * The load's status machine, the one entry point for every move of a load (moveLoad):
 *   available  → booked      a booking request is approved or a rate offer accepted (bookingJournal's bookLoad)
 *   booked     → in_transit  the booked carrier starts the trip, or reports Loaded (tracking stop events)
 *   in_transit → delivered   the booked carrier, with the receiver's signature, once arrived or with a reason (tracking)
 *   available  → cancelled   whoever runs the load (Remove on the Broker Hub, or cancel on tracking)
 *   booked     → cancelled   whoever runs the load
 * Anything else is refused with 409. Every move runs under the load's lease (bookingJournal's withLoad, DESIGN
 * §2.1a) and is written with an update conditional on the status read (the second guard). What other sub-features
 * do when a load moves (booking requests and offers closing themselves, tracking opening the chat) they register
 * here with onLoadMoved; what they require before a move (tracking: arrival at the delivery stop) with checkMove.
 */

export function canTransition(from: FreightStatus, to: FreightStatus): boolean {
  return FREIGHT_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Who makes a move: a signed-in user, or the system (the repair pass finishing an operation it was asked for). */
export type Mover = Actor | 'system';

/** Who may make each move (booked: the booking flow decides, see bookLoad). */
const WHO_MAY = {
  in_transit: { action: 'tracking:advance', message: 'Only the booked carrier can change this status' },
  delivered: { action: 'tracking:advance', message: 'Only the booked carrier can change this status' },
  cancelled: { action: 'freight:manage', message: 'Only the poster can cancel this load' },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Reactions to a move

/** A load that moved (or that a repair found moved with its follow-up unfinished): who moved it, and the load now. */
export interface LoadMoved {
  by: Mover;
  load: FreightListing;
}

/** What another sub-feature does when a load moves: idempotent (a repair may run it again), under the load's lease. */
export type LoadMovedReaction = (moved: LoadMoved) => Promise<void>;

const reactions: LoadMovedReaction[] = [];

/** Registers a reaction to every move of a load; reactions run in registration order, inside the move. */
export function onLoadMoved(reaction: LoadMovedReaction): void {
  reactions.push(reaction);
}

/**
 * What another sub-feature requires before a move (it throws to refuse it), under the load's lease, after the status
 * machine allowed the move and before it is written.
 */
export type MoveCheck = (before: FreightListing, move: LoadMove) => Promise<void>;

const checks: MoveCheck[] = [];

/** Registers a check run before every move of a load, in registration order. */
export function checkMove(check: MoveCheck): void {
  checks.push(check);
}

/**
 * Everything that follows a move, each step idempotent: the registered reactions. Caller holds the load's lease. The
 * booking journal runs it again for a move a crash interrupted.
 */
export async function followMove(by: Mover, load: FreightListing): Promise<void> {
  for (const react of reactions) await react({ by, load });
}

// ---------------------------------------------------------------------------------------------------------------
// Moves

export type LoadMove =
  | { to: 'booked'; carrierId: string; rateCents?: number | null }
  | { to: 'in_transit' | 'cancelled' }
  /**
   * `deliveryNote`: why it is marked away from the delivery place (without one it must be marked there); `proof`: the
   * receiver's receipt (issue 39: a carrier's delivery always has one; tests seeding old loads may move without).
   */
  | { to: 'delivered'; deliveryNote?: string; proof?: DeliveryProofFields };

/** The receipt a delivery is stored with (freight model's `deliveryProof`; the signature is already in the file store). */
export interface DeliveryProofFields {
  receiverName: string;
  signatureKey: string;
  signatureBytes: number;
  exception: DeliveryExceptionKind;
  exceptionNote: string | null;
}

const cannot = (from: string, to: string) =>
  conflict(`A ${from.replace('_', ' ')} load cannot become ${to.replace('_', ' ')}`);

/** The fields a move sets on the load (computed before the write: the fact's snapshot is the load after it). */
export function moveFields(before: FreightListing, move: LoadMove, at: Date): Record<string, unknown> {
  const set: Record<string, unknown> = { status: move.to, updatedAt: at };
  if (move.to === 'delivered') {
    set.deliveryNote = move.deliveryNote ?? null;
    set.deliveredAt = at;
    set.deliveryProof = move.proof ? { ...move.proof, signedAt: at } : null;
  }
  if (move.to === 'booked') {
    set.carrierId = new Types.ObjectId(move.carrierId);
    if (move.rateCents != null && move.rateCents !== before.rateCents) {
      set.postedRateCents = before.postedRateCents ?? before.rateCents;
      set.rateCents = move.rateCents;
      set.ratePerMileCents = ratePerMileCentsOf(move.rateCents, before.distance);
    }
  }
  return set;
}

/** The load as a move leaves it (what the write below stores). */
export const afterMove = (before: FreightListing, move: LoadMove, at: Date): FreightListing =>
  ({ ...before, ...moveFields(before, move, at) }) as FreightListing;

/** How a move is stated in the event log. */
export interface MoveFactOptions {
  /** A withdrawal (the poster takes an available load off the board) is its own fact, not a move to cancelled. */
  withdrawn?: boolean;
  /** Further subjects (the booking's request or offer). */
  subjects?: Record<string, string>;
}

function moveFact(by: Mover, before: FreightListing, after: FreightListing, opts: MoveFactOptions): Fact {
  const loadId = String(before._id);
  const load = toFreightDto(after);
  const common = {
    by: by === 'system' ? ('system' as const) : by,
    loadId,
    subjects: { ...(after.carrierId ? { carrierId: String(after.carrierId) } : {}), ...opts.subjects },
    proof: {
      collection: FreightModel.collection.collectionName,
      filter: { _id: before._id, status: after.status },
    },
  };
  if (opts.withdrawn) {
    return { ...common, name: 'load.withdrawn', key: loadId, data: { load, reason: null } };
  }
  return {
    ...common,
    name: 'load.moved',
    // A load reaches each status once (the table never goes back).
    key: `${loadId}-${after.status}`,
    data: {
      load,
      previous: before.status as FreightStatus,
      status: after.status as FreightStatus,
      carrierId: after.carrierId ? String(after.carrierId) : null,
      ...(after.deliveryProof && { delivery: toDeliveryReceipt(after.deliveryProof) }),
    },
  };
}

/** The receipt as the load.moved fact states it (the signature itself stays in the file store). */
function toDeliveryReceipt(p: NonNullable<FreightListing['deliveryProof']>): DeliveryReceipt {
  return {
    receiverName: p.receiverName,
    exception: (p.exception ?? 'none') as DeliveryExceptionKind,
    exceptionNote: p.exceptionNote ?? null,
    signedAt: p.signedAt.toISOString(),
  };
}

/**
 * Moves the load, with everything that changes with it, and records the fact (load.moved, or load.withdrawn) as the
 * write's last step. The caller holds the load's lease (withLoad). `expect` (a status the caller read and acted on)
 * makes the move fail with 409 if the load has left it meanwhile; `at` is the time the move is stored with (the
 * booking journal computes the booked load before it moves). Resolves with the load before and after.
 */
export async function moveLoad(
  by: Mover,
  loadId: unknown,
  move: LoadMove,
  opts: { expect?: FreightStatus; at?: Date } & MoveFactOptions = {},
): Promise<{ before: FreightListing; after: FreightListing }> {
  if (!holdsAggregate('load', loadId)) throw new Error('moveLoad runs under the load lease');
  const before = await FreightModel.findById(loadId).lean<FreightListing>();
  if (!before) throw notFound('Load not found');
  const from = before.status as FreightStatus;
  if (move.to !== 'booked' && by !== 'system') {
    const rule = WHO_MAY[move.to];
    authorize(by, rule.action, before, { message: rule.message });
  }
  if (opts.expect && opts.expect !== from) throw conflict('The load changed meanwhile; reload and try again');
  if (!canTransition(from, move.to)) throw cannot(from, move.to);
  for (const check of checks) await check(before, move);

  const at = opts.at ?? new Date();
  const set = moveFields(before, move, at);
  const planned = await stampChangedParties(FreightModel.schema, before, afterMove(before, move, at));
  const written = await recordFact(
    { kind: 'load', id: String(before._id) },
    moveFact(by, before, planned, opts),
    async () => {
      const after = await FreightModel.findOneAndUpdate(
        { _id: before._id, status: from },
        { $set: set },
        { new: true, timestamps: false },
      ).lean<FreightListing>();
      return after ?? NOTHING_WRITTEN;
    },
  );
  if (written === NOTHING_WRITTEN) throw conflict('The load changed meanwhile; reload and try again');
  await followMove(by, written);
  return { before, after: written };
}
