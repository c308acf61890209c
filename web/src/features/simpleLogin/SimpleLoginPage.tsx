import { Button, Card, Center, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEST_LOGIN_REDIRECT_MS, type TestAccountDto } from '@freight/shared';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { selectTestAccountsEnabled, useConfigStore } from '../../stores/config';
import { useTestAccounts } from '../auth/useTestAccounts';
import { NotFoundPage } from '../layout/NotFoundPage';
import { testLogin } from './testLogin';

/** /simple-login: one-click test logins (SPEC §2); a 404 when the server has test accounts off. */
export function SimpleLoginPage() {
  const configStatus = useConfigStore((s) => s.status);
  const enabled = useConfigStore(selectTestAccountsEnabled);

  if (configStatus === 'loading') {
    return (
      <Center minH="50vh">
        <Spinner />
      </Center>
    );
  }
  if (!enabled) return <NotFoundPage />;
  return <SimpleLogin />;
}

function SimpleLogin() {
  const { accounts, loading, error } = useTestAccounts(true);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const loginAs = async (account: TestAccountDto) => {
    setBusy(true);
    setStatus(`Logging in as ${account.label}...`);
    const outcome = await testLogin(account.email, account.password);
    if (outcome.ok) {
      setStatus(`SUCCESS! Logged in as ${account.label} - Redirecting...`);
      redirectTimer.current = window.setTimeout(() => {
        window.location.href = '/';
      }, TEST_LOGIN_REDIRECT_MS);
      return;
    }
    setStatus(outcome.status);
    setBusy(false);
  };

  return (
    <Center minH="100vh" px="4" bg="gray.50">
      <Card.Root maxW="md" width="full">
        <Card.Header>
          <Heading as="h1" size="xl">
            Test Login
          </Heading>
          <Text color="gray.600">Sign in with a test account in one click.</Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="3">
            {loading && <Spinner role="status" aria-label="Loading test accounts" />}
            {error && <Text color="red.600">Could not load test accounts.</Text>}
            {accounts.map((account) => (
              <Button
                key={account.email}
                colorPalette="blue"
                disabled={busy}
                onClick={() => void loginAs(account)}
              >
                {account.label}
              </Button>
            ))}
            <Text
              role="status"
              aria-live="polite"
              data-testid="simple-login-status"
              minH="6"
              fontWeight="medium"
            >
              {status}
            </Text>
            <Link asChild colorPalette="blue" alignSelf="center">
              <RouterLink to="/">Back to Main Page</RouterLink>
            </Link>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
