import { Alert, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { resetPasswordSchema, type ResetPasswordInput } from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NewPasswordFields } from '../../components/AccountFields';
import { apiRequest, errorFieldMessages, errorMessage } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';

/**
 * /reset-password?token=… (issue 27), opened from the reset email. The server answers a link that does not work
 * with a 400 page before this one loads; a link that stops working meanwhile is told here.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { submit: send, pending } = useSubmit(
    (input: ResetPasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/auth/reset-password', input, { expectsSession: false }),
    {
      successTitle: 'Password changed',
      success: (res) => res.message,
      failureTitle: 'Password not changed',
      failure: 'refusal',
      onFailure: (err) => {
        const fields = errorFieldMessages(err);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setProblem(errorMessage(err));
      },
      onSuccess: (res) => setDone(res.message),
      resetOnSuccess: true,
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, ...form });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setProblem(null);
    await send(parsed.data);
  };

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '6', md: '12' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Choose a new password
            </Heading>
            {done ? (
              <>
                <Alert.Root status="success" role="status">
                  <Alert.Indicator />
                  <Alert.Description>{done}</Alert.Description>
                </Alert.Root>
                {/* A full page load: every session of the account ended, this browser's too. */}
                <Button colorPalette="blue" onClick={() => window.location.assign('/?auth=signin')}>
                  Sign In
                </Button>
              </>
            ) : (
              <form onSubmit={(e) => void submit(e)} noValidate>
                <Stack gap="4">
                  <Text fontSize="sm" color="gray.700">
                    Every device signed in to your account is signed out when the password changes.
                  </Text>
                  {problem && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>
                        {problem}{' '}
                        <a href="/?auth=forgot" style={{ textDecoration: 'underline' }}>
                          Ask for a new link
                        </a>
                      </Alert.Description>
                    </Alert.Root>
                  )}
                  <NewPasswordFields
                    values={form}
                    errors={errors}
                    onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
                    labels={['New Password', 'Confirm New Password']}
                  />
                  <Button type="submit" colorPalette="blue" loading={pending}>
                    Change Password
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
