import { Dialog, Field, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { notify } from '../../components/ui/toaster';
import { useSubmit } from '../../lib/useSubmit';

export interface ReviewToasts {
  success: string;
  failure: string | 'refusal';
}

/**
 * An admin's rejection (SPEC §2/§5): a required reason, which the owner reads; the button stays disabled while it is
 * blank. `subject` names what is rejected; null closes the dialog.
 */
export function RejectWithReasonDialog({
  subject,
  title,
  placeholder,
  toasts,
  reject,
  onClose,
}: {
  subject: { id: string; description: ReactNode } | null;
  /** The dialog's title and its submit button's label, e.g. 'Reject Document'. */
  title: string;
  placeholder: string;
  toasts: ReviewToasts;
  reject: (id: string, rejectionReason: string) => Promise<unknown>;
  onClose: () => void;
}) {
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
  } = useSubmit((id: string) => reject(id, reason.trim()), { ...toasts, onSuccess: close });

  const confirm = async () => {
    if (!subject) return;
    if (blank) {
      notify({ title: 'Error', description: 'Please provide a rejection reason.', type: 'error' });
      return;
    }
    await submit(subject.id);
  };

  return (
    <FormDialog title={title} open={subject !== null} onClose={close} placement="center">
      <Dialog.Body>
        {subject && (
          <Text mb="3" color="gray.600">
            {subject.description}
          </Text>
        )}
        <Field.Root required>
          <Field.Label>Rejection Reason</Field.Label>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={placeholder}
            rows={4}
          />
        </Field.Root>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={close}
        cancelDisabled={submitting}
        submitLabel={title}
        pending={submitting}
        disabled={blank}
        onSubmit={() => void confirm()}
        colorPalette="red"
      />
    </FormDialog>
  );
}
