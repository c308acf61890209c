import { Button, Stack, Text } from '@chakra-ui/react';
import {
  joinInvitationSchema,
  type JoinInvitationInput,
  type TeamInvitationPreviewDto,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { NameFields, NewPasswordFields } from '../../components/AccountFields';
import { apiRequest, errorFieldMessages } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';

type JoinForm = Required<Omit<JoinInvitationInput, 'phoneNumber'>>;

/**
 * Issue 39: joining without an account asks only what the invitation does not know. The email, the account type and
 * the company come from the invitation; the new member is signed in and lands on the company's Team page.
 */
export function JoinWithNewAccount({
  token,
  preview,
  onSignIn,
}: {
  token: string;
  preview: TeamInvitationPreviewDto;
  onSignIn: () => void;
}) {
  const [form, setForm] = useState<JoinForm>({
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const join = useSubmit(
    (input: JoinInvitationInput) =>
      apiRequest<unknown>('POST', `/api/company/invitations/${encodeURIComponent(token)}/join`, input, {
        expectsSession: false,
      }),
    {
      successTitle: `Welcome to ${preview.companyName}`,
      success: 'Your account is ready and you are a member now.',
      failureTitle: 'Could not join',
      failure: { fallback: 'Joining failed' },
      onFailure: (err) => setErrors(errorFieldMessages(err)),
      // Signed in now, as the company's member: the app starts again on the Team page.
      onSuccess: () => window.location.assign('/team'),
    },
  );
  const update = (key: keyof JoinForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field's message goes once it is edited; the others stay until the next submit.
    setErrors(({ [key]: _edited, ...rest }) => rest);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinInvitationSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await join.submit(parsed.data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="join-form">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Your sign-in email is <b>{preview.email}</b>. Choose a password to create your account and join.
        </Text>
        <NameFields values={form} errors={errors} onChange={update} />
        <NewPasswordFields values={form} errors={errors} onChange={update} />
        <Button type="submit" colorPalette="blue" size="lg" loading={join.pending} data-testid="join-create">
          Create account and join
        </Button>
        <Text fontSize="sm" textAlign="center">
          Already have an account with {preview.email}?{' '}
          <Button variant="plain" size="sm" colorPalette="blue" px="1" onClick={onSignIn}>
            Sign in to join
          </Button>
        </Text>
      </Stack>
    </form>
  );
}
