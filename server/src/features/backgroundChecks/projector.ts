import { BACKGROUND_CHECK_PATH, rooms, type PendingBackgroundCheckDto } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { BackgroundCheckModel } from './model';

// What the background-check feature tells people (issue 26), from the log's facts. Payloads carry DTOs only: the
// SSN's last four digits, never the number.

async function pushQueueChanged(
  reason: 'submitted' | 'reviewed',
  checkId: string,
  added: PendingBackgroundCheckDto | null,
): Promise<void> {
  publish('admin:background-checks-changed', rooms.role('admin'), {
    reason,
    checkId,
    added,
    pendingCount: await BackgroundCheckModel.countDocuments({ status: 'pending' }),
  });
}

/**
 * A driver submitted (or resubmitted) a check: it enters the admins' queue. An admin decided: the driver sees it
 * live and is notified; the check leaves every admin's queue.
 */
export const backgroundChecksProjector = registerProjector({
  name: 'background-checks',
  applicableEvents: ['backgroundCheck.submitted', 'backgroundCheck.reviewed'],
  async handle(event) {
    if (event.name === 'backgroundCheck.submitted') {
      const { check, userEmail } = event.data;
      await pushQueueChanged('submitted', check.id, { ...check, userEmail });
      return;
    }
    if (event.name !== 'backgroundCheck.reviewed') return;
    const { check } = event.data;
    publish('backgroundCheck:reviewed', rooms.user(check.userId), { check });
    await pushQueueChanged('reviewed', check.id, null);
    const approved = check.status === 'approved';
    await notify({
      userId: check.userId,
      kind: 'background_check',
      title: approved ? 'Background check approved' : 'Background check rejected',
      body: approved
        ? 'Your background check was approved. You can now make offers on small shipments.'
        : `Your background check was rejected: ${check.rejectionReason}. You can correct it and submit it again.`,
      link: BACKGROUND_CHECK_PATH,
      // One decision per submission (as before the log): the review time tells a resubmission's decision from the
      // first one's, as the fact's key does.
      dedupeKey: `bg-review:${check.id}-${check.reviewedAt}`,
    });
  },
});
