import { Alert, Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { forgotPasswordSchema } from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { apiRequest, errorFieldMessages } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useAuthModalStore } from './authModalStore';

/** "Forgot password?" (issue 27): asks for the email; the answer is the same whether an account has it or not. */
export function ForgotPasswordModal() {
  const open = useAuthModalStore((s) => s.view === 'forgot');
  const close = useAuthModalStore((s) => s.close);
  return (
    <FormDialog title="Reset Password" open={open} onClose={close} placement="center">
      <ForgotPasswordForm />
    </FormDialog>
  );
}

function ForgotPasswordForm() {
  const initialEmail = useAuthModalStore((s) => s.loginEmail);
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<string | null>(null);
  const { submit: send, pending } = useSubmit(
    (input: { email: string }) =>
      apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', input, { expectsSession: false }),
    {
      success: false,
      failureTitle: 'Could not send the link',
      failure: 'refusal',
      onFailure: (err) => setErrors(errorFieldMessages(err)),
      onSuccess: (res) => setAnswer(res.message),
      resetOnSuccess: true,
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await send(parsed.data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="gray.700">
            Enter the email of your account. We will send it a link to choose a new password.
          </Text>
          <FormField label="Email" error={errors.email} required>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          {answer && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Description>{answer}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
        <Button type="submit" colorPalette="blue" loading={pending}>
          {answer ? 'Send Again' : 'Send Reset Link'}
        </Button>
        <Button variant="plain" size="sm" colorPalette="blue" onClick={() => openLogin(email)}>
          Back to Sign In
        </Button>
      </Dialog.Footer>
    </form>
  );
}
