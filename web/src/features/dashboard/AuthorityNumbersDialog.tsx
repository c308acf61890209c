import { Dialog, Stack, Text } from '@chakra-ui/react';
import { authorityNumbersSchema, type UserDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { InputField } from '../../components/InputField';
import { apiRequest, errorFieldMessages } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';

interface AuthorityNumbersDialogProps {
  user: UserDto;
  open: boolean;
  onClose: () => void;
}

type Field = 'mcNumber' | 'usdotNumber';

/** A carrier's or broker's MC and USDOT numbers (issue 16): checked here as on the server, unique there. */
export function AuthorityNumbersDialog({ user, open, onClose }: AuthorityNumbersDialogProps) {
  const patchUser = useSessionStore((s) => s.patchUser);
  const [values, setValues] = useState({
    mcNumber: user.mcNumber ?? '',
    usdotNumber: user.usdotNumber ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { submit, pending } = useSubmit(
    (body: typeof values) => apiRequest<UserDto>('PUT', '/api/users/me/authority', body),
    {
      success: 'Your MC and USDOT numbers are saved.',
      failure: 'refusal',
      onFailure: (err) => setErrors(errorFieldMessages(err)),
      onSuccess: (updated) => {
        patchUser({ mcNumber: updated.mcNumber, usdotNumber: updated.usdotNumber });
        onClose();
      },
      resetOnSuccess: true,
    },
  );
  const save = () => {
    const parsed = authorityNumbersSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    void submit(values);
  };
  const bind = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });
  return (
    <FormDialog title="MC and USDOT Numbers" open={open} onClose={onClose} placement="center">
      <Dialog.Body>
        <Stack gap="4">
          <Text color="gray.600" fontSize="sm">
            Shippers see these numbers on your booking requests, offers and loads, and on the rate
            confirmation.
          </Text>
          <InputField label="MC Number" placeholder="e.g. MC-123456" {...bind('mcNumber')} />
          <InputField label="USDOT Number" placeholder="e.g. 1234567" {...bind('usdotNumber')} />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={pending}
        submitLabel="Save Numbers"
        pending={pending}
        onSubmit={save}
      />
    </FormDialog>
  );
}
