import { Alert, Button, Container } from '@chakra-ui/react';
import { ADMIN_TWO_FACTOR_TEXT } from '@freight/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSessionStore } from '../../stores/session';

/**
 * Issue 27: an admin turns on two-factor sign-in before the admin area opens (the server refuses /api/admin with
 * TWO_FACTOR_REQUIRED). The seeded test admin is let through, as the server does while test accounts are on.
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const needsIt = useSessionStore(
    (s) => s.user?.userType === 'admin' && !s.user.twoFactorEnabled && !s.user.email.endsWith('@test.local'),
  );
  if (!needsIt) return <>{children}</>;
  return (
    <Container maxW="3xl" py="8">
      <Alert.Root status="warning" flexWrap="wrap" gap="3">
        <Alert.Indicator />
        <Alert.Description flex="1">{ADMIN_TWO_FACTOR_TEXT}</Alert.Description>
        <Button asChild size="sm" colorPalette="blue">
          <RouterLink to="/account/security">Account security</RouterLink>
        </Button>
      </Alert.Root>
    </Container>
  );
}
