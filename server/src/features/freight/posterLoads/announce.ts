import { rooms, type FreightListingDto } from '@freight/shared';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';

/**
 * The poster edited a load that carriers wait on (issue 23): each of them gets the load as it now is, live (their
 * board, My Loads and offers follow it), and a notification saying what changed.
 */
export async function announceLoadEdited(
  listing: FreightListingDto,
  changes: string[],
  carrierIds: string[],
): Promise<void> {
  if (carrierIds.length === 0 || changes.length === 0) return;
  publish('freight:updated', carrierIds.map(rooms.user), { listing });
  const body = `Load ${listing.title} was changed: ${changes.join('; ')}.`;
  await Promise.all(
    carrierIds.map((userId) =>
      notify({ userId, kind: 'freight_status', title: 'Load changed', body, link: '/my-loads' }),
    ),
  );
}
