import { Types } from 'mongoose';
import type { Actor } from '../../policies';

/**
 * "Mine" for a member (issue 28): the objects where the actor's company is this party, one top-level equality on
 * the stamped company field; an account not in a company yet: its own person id.
 */
export function mine(actor: Pick<Actor, 'id' | 'companyId'>, personField: string, companyField: string) {
  return actor.companyId
    ? { [companyField]: new Types.ObjectId(actor.companyId) }
    : { [personField]: new Types.ObjectId(actor.id) };
}
