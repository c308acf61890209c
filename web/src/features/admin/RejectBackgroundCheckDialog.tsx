import { Dialog, Field, Text, Textarea } from '@chakra-ui/react';
import type { PendingBackgroundCheckDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { notify } from '../../components/ui/toaster';
import { useSubmit } from '../../lib/useSubmit';
import { useAdminBackgroundChecksStore } from '../../stores/adminBackgroundChecks';

/** The toasts of a background check review (approve or reject). */
export const CHECK_REVIEW_TOASTS = {
  success: 'Background check reviewed successfully!',
  failure: 'refusal' as const,
};

/** Reject a background check: a required reason, which the driver reads. */
export function RejectBackgroundCheckDialog({
  check,
  onClose,
}: {
  /** The check being rejected; null closes the dialog. */
  check: PendingBackgroundCheckDto | null;
  onClose: () => void;
}) {
  const review = useAdminBackgroundChecksStore((s) => s.review);
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
    ...CHECK_REVIEW_TOASTS,
    onSuccess: close,
  });

  const reject = async () => {
    if (!check) return;
    if (blank) {
      notify({ title: 'Error', description: 'Please provide a rejection reason.', type: 'error' });
      return;
    }
    await submit(check.id);
  };

  return (
    <FormDialog title="Reject Background Check" open={check !== null} onClose={close} placement="center">
      <Dialog.Body>
        {check && (
          <Text mb="3" color="gray.600">
            {check.fullName} ({check.userEmail ?? 'unknown account'})
          </Text>
        )}
        <Field.Root required>
          <Field.Label>Rejection Reason</Field.Label>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Tell the driver what to correct"
            rows={4}
          />
        </Field.Root>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={close}
        cancelDisabled={submitting}
        submitLabel="Reject Background Check"
        pending={submitting}
        disabled={blank}
        onSubmit={() => void reject()}
        colorPalette="red"
      />
    </FormDialog>
  );
}
