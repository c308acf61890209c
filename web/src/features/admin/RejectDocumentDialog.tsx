import type { PendingDocumentDto } from '@freight/shared';
import { useAdminStore } from '../../stores/admin';
import { documentTypeLabel } from '../documents/format';
import { RejectWithReasonDialog, type ReviewToasts } from './RejectWithReasonDialog';

/** The toasts of a document review (approve or reject). */
export const REVIEW_TOASTS: ReviewToasts = {
  success: 'Document reviewed successfully!',
  failure: 'Failed to review document. Please try again.',
};

/** Reject a document (SPEC §2/§5); `document` null closes the dialog. */
export function RejectDocumentDialog({
  document,
  onClose,
}: {
  document: PendingDocumentDto | null;
  onClose: () => void;
}) {
  const review = useAdminStore((s) => s.review);
  return (
    <RejectWithReasonDialog
      subject={
        document && {
          id: document.id,
          description: `${documentTypeLabel(document.documentType)} from ${document.userCompanyName || 'Unknown Company'}`,
        }
      }
      title="Reject Document"
      placeholder="Explain why this document is rejected"
      toasts={REVIEW_TOASTS}
      reject={(id, rejectionReason) => review(id, { status: 'rejected', rejectionReason })}
      onClose={onClose}
    />
  );
}
