import type { PendingBackgroundCheckDto } from '@freight/shared';
import { useAdminBackgroundChecksStore } from '../../stores/adminBackgroundChecks';
import { RejectWithReasonDialog, type ReviewToasts } from './RejectWithReasonDialog';

/** The toasts of a background check review (approve or reject). */
export const CHECK_REVIEW_TOASTS: ReviewToasts = {
  success: 'Background check reviewed successfully!',
  failure: 'refusal',
};

/** Reject a background check: a required reason, which the driver reads; `check` null closes the dialog. */
export function RejectBackgroundCheckDialog({
  check,
  onClose,
}: {
  check: PendingBackgroundCheckDto | null;
  onClose: () => void;
}) {
  const review = useAdminBackgroundChecksStore((s) => s.review);
  return (
    <RejectWithReasonDialog
      subject={
        check && { id: check.id, description: `${check.fullName} (${check.userEmail ?? 'unknown account'})` }
      }
      title="Reject Background Check"
      placeholder="Tell the driver what to correct"
      toasts={CHECK_REVIEW_TOASTS}
      reject={(id, rejectionReason) => review(id, { status: 'rejected', rejectionReason })}
      onClose={onClose}
    />
  );
}
