import type { FreightListing } from '../features/freight/model';
import { hasRole, PAPER_READERS } from './companies';
import { takesPartIn, type LoadRef } from './freight';
import type { Actor, Rule } from './types';

type Load = LoadRef & Pick<FreightListing, 'userId' | 'carrierId' | 'brokerId' | 'shipperId'>;

/**
 * A load's documents (issue 16: rate confirmation, proof of delivery): its participants (poster, shipper, broker,
 * booked carrier) and admins read them; everyone else, signed in or not, is told there is no such thing (404).
 */
export const loadDocumentsPolicies = {
  'loadDocument:view': (actor: Actor, load: Load) =>
    actor.userType === 'admin' || (hasRole(actor, PAPER_READERS) && takesPartIn(actor, load)),
} satisfies Record<string, Rule>;
