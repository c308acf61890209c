import { Alert, Button, Box } from '@chakra-ui/react';
import type { UserDto } from '@freight/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '../../components/ui/toaster';
import { apiRequest } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';

/**
 * Issue 27: until the email is verified the user may set up the account but not post, book or offer; this banner
 * says so on every screen, with "Resend". Back from the emailed link (/?emailVerified=1) it toasts once.
 */
export function EmailVerificationBanner({ user }: { user: UserDto }) {
  const [params, setParams] = useSearchParams();
  const justVerified = params.get('emailVerified') === '1';
  useEffect(() => {
    if (!justVerified) return;
    notify({
      title: 'Email verified',
      description: 'You can now post, book and make offers.',
      type: 'success',
    });
    setParams(
      (p) => {
        p.delete('emailVerified');
        return p;
      },
      { replace: true },
    );
  }, [justVerified, setParams]);

  const { submit: resend, pending } = useSubmit(
    () => apiRequest<{ message: string }>('POST', '/api/auth/verify-email/resend'),
    {
      successTitle: 'Link sent',
      success: (res) => res.message,
      failureTitle: 'Could not send the link',
      failure: 'refusal',
      resetOnSuccess: true,
    },
  );

  if (user.emailVerified) return null;
  return (
    <Box px={{ base: '3', md: '6' }} pt="3">
      <Alert.Root status="warning" data-testid="verify-email-banner" flexWrap="wrap" gap="2">
        <Alert.Indicator />
        <Alert.Content flex="1" minW="12rem">
          <Alert.Title>Verify your email address</Alert.Title>
          <Alert.Description>
            We sent a link to {user.email}. Until you follow it you can set up your account, but not post
            loads, book or make offers.
          </Alert.Description>
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          colorPalette="orange"
          loading={pending}
          onClick={() => void resend()}
        >
          Resend
        </Button>
      </Alert.Root>
    </Box>
  );
}
