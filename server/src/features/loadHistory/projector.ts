import { LOAD_HISTORY_EVENTS, rooms } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { presentHistory } from './service';

/** Each new fact of a load reaches the history its participants have open (room `freight:<id>`). */
export const loadHistoryProjector = registerProjector({
  name: 'load-history',
  applicableEvents: LOAD_HISTORY_EVENTS,
  async handle(event) {
    if (!event.loadId) return;
    const [entry] = await presentHistory([event]);
    publish('load:history', rooms.freight(event.loadId), { freightId: event.loadId, entry });
  },
});
