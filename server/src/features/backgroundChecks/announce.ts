import {
  BACKGROUND_CHECK_PATH,
  rooms,
  type BackgroundCheckDto,
  type PendingBackgroundCheckDto,
} from '@freight/shared';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { BackgroundCheckModel } from './model';

// What the background-check feature tells people: live pushes and notifications, one function per event.
// Payloads carry DTOs only: the SSN's last four digits, never the number.

async function announceQueueChanged(
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

/** A driver submitted (or resubmitted) a check: it enters the admins' queue. */
export async function announceBackgroundCheckSubmitted(check: PendingBackgroundCheckDto): Promise<void> {
  await announceQueueChanged('submitted', check.id, check);
}

/** An admin decided: the driver sees it live and is notified; the check leaves every admin's queue. */
export async function announceBackgroundCheckReviewed(check: BackgroundCheckDto): Promise<void> {
  publish('backgroundCheck:reviewed', rooms.user(check.userId), { check });
  await announceQueueChanged('reviewed', check.id, null);
  const approved = check.status === 'approved';
  await notify({
    userId: check.userId,
    kind: 'background_check',
    title: approved ? 'Background check approved' : 'Background check rejected',
    body: approved
      ? 'Your background check was approved. You can now make offers on small shipments.'
      : `Your background check was rejected: ${check.rejectionReason}. You can correct it and submit it again.`,
    link: BACKGROUND_CHECK_PATH,
    // One decision per submission: the review time tells a resubmission's decision from the first one's.
    dedupeKey: `bg-review:${check.id}-${check.reviewedAt}`,
  });
}
