import { Badge, Button, Card, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { SessionDto } from '@freight/shared';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useAccountSessionsStore } from '../../stores/accountSessions';
import { useSessionStore } from '../../stores/session';
import { TwoFactorCard } from './TwoFactorCard';

/** /account/security (issue 27): the email's verification and the devices signed in to the account. */
export function AccountSecurityPage() {
  const email = useSessionStore((s) => s.user?.email ?? '');
  const emailVerified = useSessionStore((s) => s.user?.emailVerified ?? false);
  const status = useAccountSessionsStore(selectStatus);
  const sessions = useAccountSessionsStore((s) => s.items);
  const load = useAccountSessionsStore((s) => s.load);
  const error = useAccountSessionsStore((s) => s.error);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="xl">
          Account security
        </Heading>
        <Text>
          <RouterLink to="/account/notifications" style={{ textDecoration: 'underline' }}>
            Notification settings
          </RouterLink>{' '}
          — choose what reaches you by email and push.
        </Text>
        <Text>
          <RouterLink to="/developers/keys" style={{ textDecoration: 'underline' }}>
            Developers
          </RouterLink>{' '}
          — API keys and webhooks for your own software.
        </Text>
        <Card.Root>
          <Card.Body gap="2">
            <Heading as="h2" size="md">
              Email
            </Heading>
            <HStack gap="2" flexWrap="wrap">
              <Text wordBreak="break-all">{email}</Text>
              <Badge colorPalette={emailVerified ? 'green' : 'orange'} data-testid="email-status">
                {emailVerified ? 'Verified' : 'Not verified'}
              </Badge>
            </HStack>
          </Card.Body>
        </Card.Root>
        <TwoFactorCard />
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h2" size="md">
              Signed-in devices
            </Heading>
            <Text fontSize="sm" color="gray.600">
              Ending a session signs that device out at once. Changing your password signs out every device.
            </Text>
            {status === 'failed' && <Text color="red.600">{error}</Text>}
            {status !== 'loaded' && sessions.length === 0 ? (
              <Spinner role="status" aria-label="Loading your sessions" />
            ) : (
              <Stack as="ul" listStyleType="none" gap="2" data-testid="session-list">
                {sessions.map((s) => (
                  <SessionRow key={s.id} session={s} />
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

function SessionRow({ session }: { session: SessionDto }) {
  const end = useAccountSessionsStore((s) => s.end);
  const { submit, pending } = useSubmit(() => end(session.id), {
    successTitle: 'Session ended',
    success: `${session.device} is signed out.`,
    failureTitle: 'Could not end the session',
    failure: 'refusal',
  });
  return (
    <HStack
      as="li"
      justify="space-between"
      gap="3"
      flexWrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="session-row"
    >
      <Stack gap="0.5" minW="0">
        <HStack gap="2">
          <Text fontWeight="medium">{session.device}</Text>
          {session.current && <Badge colorPalette="blue">This device</Badge>}
        </HStack>
        <Text fontSize="sm" color="gray.600">
          {session.ip || 'unknown address'} · signed in {new Date(session.createdAt).toLocaleString()} · last
          seen {new Date(session.lastSeenAt).toLocaleString()}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={pending}
          onClick={() => void submit()}
        >
          End session
        </Button>
      )}
    </HStack>
  );
}
