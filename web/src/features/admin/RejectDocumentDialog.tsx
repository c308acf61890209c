import { Dialog, Field, Text, Textarea } from '@chakra-ui/react';
import type { PendingDocumentDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { notify } from '../../components/ui/toaster';
import { useSubmit } from '../../lib/useSubmit';
import { useAdminStore } from '../../stores/admin';
import { documentTypeLabel } from '../documents/format';

interface RejectDocumentDialogProps {
  /** The document being rejected; null closes the dialog. */
  document: PendingDocumentDto | null;
  onClose: () => void;
}

/** The toasts of a document review (approve or reject). */
export const REVIEW_TOASTS = {
  success: 'Document reviewed successfully!',
  failure: 'Failed to review document. Please try again.',
};

/** SPEC §2/§5: a required rejection reason; the button stays disabled while it is blank. */
export function RejectDocumentDialog({ document, onClose }: RejectDocumentDialogProps) {
  const review = useAdminStore((s) => s.review);
  const [reason, setReason] = useState('');
  const blank = reason.trim().length === 0;

  const close = () => {
    setReason('');
    reset();
    onClose();
  };
  const {
    submit,
    pending: submitting,
    reset,
  } = useSubmit((id: string) => review(id, { status: 'rejected', rejectionReason: reason.trim() }), {
    ...REVIEW_TOASTS,
    onSuccess: close,
  });

  const reject = async () => {
    if (!document) return;
    if (blank) {
      notify({ title: 'Error', description: 'Please provide a rejection reason.', type: 'error' });
      return;
    }
    await submit(document.id);
  };

  return (
    <FormDialog title="Reject Document" open={document !== null} onClose={close} placement="center">
      <Dialog.Body>
        {document && (
          <Text mb="3" color="gray.600">
            {documentTypeLabel(document.documentType)} from {document.userCompanyName || 'Unknown Company'}
          </Text>
        )}
        <Field.Root required>
          <Field.Label>Rejection Reason</Field.Label>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Explain why this document is rejected"
            rows={4}
          />
        </Field.Root>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={close}
        cancelDisabled={submitting}
        submitLabel="Reject Document"
        pending={submitting}
        disabled={blank}
        onSubmit={() => void reject()}
        colorPalette="red"
      />
    </FormDialog>
  );
}
