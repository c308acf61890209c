import type { FreightListing } from '../features/freight/model';
import { participantIds } from '../features/freight/model';
import type { Actor, Rule } from './types';

type Load = Pick<FreightListing, 'userId' | 'carrierId' | 'brokerId' | 'shipperId'>;

/**
 * A load's documents (issue 16: rate confirmation, proof of delivery): its participants (poster, shipper, broker,
 * booked carrier) and admins read them; everyone else, signed in or not, is told there is no such thing (404).
 */
export const loadDocumentsPolicies = {
  'loadDocument:view': (actor: Actor, load: Load) =>
    actor.userType === 'admin' || participantIds(load).includes(actor.id),
} satisfies Record<string, Rule>;
