import { rooms } from '@freight/shared';
import { registerProjector } from '../../../events/projectors';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';

/**
 * The poster edited a load that carriers wait on (issue 23): each of them gets the load as it now is, live (their
 * board, My Loads and offers follow it), and a notification saying what changed.
 */
export const loadEditsProjector = registerProjector({
  name: 'load-edits',
  applicableEvents: ['load.edited'],
  async handle(event) {
    if (event.name !== 'load.edited') return;
    const { load: listing, changed } = event.data;
    const carrierIds = event.data.carrierIds ?? [];
    if (carrierIds.length === 0 || changed.length === 0) return;
    publish('freight:updated', carrierIds.map(rooms.user), { listing });
    const body = `Load ${listing.title} was changed: ${changed.join('; ')}.`;
    await Promise.all(
      carrierIds.map((userId) =>
        notify({
          userId,
          kind: 'freight_status',
          title: 'Load changed',
          body,
          link: '/my-loads',
          dedupeKey: `${event.id}-${userId}`,
        }),
      ),
    );
  },
});
