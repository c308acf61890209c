import { rooms, type FreightListingDto } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { companiesOfPeople } from './stamps';

const partiesOf = (l: FreightListingDto) => [l.userId, l.carrierId, l.brokerId, l.shipperId];

/**
 * A company's loads, live to all its members (issue 28): a load one member posts, edits, withdraws or moves reaches
 * the other members' screens (My Loads, the dashboards) through the `company:<id>` rooms of the load's parties. The
 * member who acted has it from their own answer (and the board), so their own sockets are left out.
 */
export const companyLoadsProjector = registerProjector({
  name: 'company-loads',
  applicableEvents: ['load.posted', 'load.edited', 'load.moved', 'load.withdrawn'],
  async handle(event) {
    if (!('load' in event.data) || !event.data.load) return;
    const listing = event.data.load;
    const companies = await companiesOfPeople(partiesOf(listing));
    const to = [...new Set([...companies.values()].map((id) => rooms.company(String(id))))];
    if (to.length === 0) return;
    const except = event.actor.userId ? [rooms.user(event.actor.userId)] : [];
    publish(event.name === 'load.posted' ? 'freight:posted' : 'freight:updated', to, { listing }, { except });
  },
});
