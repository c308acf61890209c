import { Badge, Box, Button, Card, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MailboxMessageDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { FiInbox } from 'react-icons/fi';
import { EmptyState } from '../../components/EmptyState';
import { PageControls } from '../../components/PageControls';
import { selectStatus } from '../../lib/resourceStore';
import { useAdminMailStore } from '../../stores/adminMail';
import { useSessionStore } from '../../stores/session';
import { AdminTwoFactorGate } from './AdminTwoFactorGate';

/**
 * /admin/mail (issue 27): the email the product sent while `npm start` runs its own mail sink (no SMTP_URL), newest
 * first, so whoever runs it sees what users would receive. Admins only.
 */
export function AdminMailPage() {
  return (
    <AdminTwoFactorGate>
      <Mailbox />
    </AdminTwoFactorGate>
  );
}

function Mailbox() {
  const isAdmin = useSessionStore((s) => s.user?.userType === 'admin');
  const status = useAdminMailStore(selectStatus);
  const items = useAdminMailStore((s) => s.items);
  const total = useAdminMailStore((s) => s.total);
  const page = useAdminMailStore((s) => s.page);
  const pageSize = useAdminMailStore((s) => s.pageSize);
  const load = useAdminMailStore((s) => s.load);
  const goToPage = useAdminMailStore((s) => s.goToPage);
  const error = useAdminMailStore((s) => s.error);

  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);

  if (!isAdmin) {
    return (
      <Container maxW="4xl" py="12">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="xl">
            Access Denied
          </Heading>
          <Text color="gray.600">Admin access required to view this page.</Text>
        </Stack>
      </Container>
    );
  }
  return (
    <Container maxW="5xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="4">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading as="h1" size="xl">
            Mailbox
          </Heading>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            Refresh
          </Button>
        </HStack>
        <Text color="gray.600" fontSize="sm">
          The email sent while FreightConnect runs its own mail sink (no SMTP_URL set). With a real SMTP
          server this list stays empty.
        </Text>
        {status === 'failed' && <Text color="red.600">{error}</Text>}
        {(status === 'loading' || status === 'idle') && items.length === 0 ? (
          <Spinner role="status" aria-label="Loading the mailbox" />
        ) : items.length === 0 ? (
          <EmptyState
            icon={FiInbox}
            iconColor="gray.400"
            title="No email yet"
            description="Email the product sends shows up here."
            testId="mailbox-empty"
          />
        ) : (
          <Stack gap="3" as="ul" listStyleType="none">
            {items.map((m) => (
              <MailItem key={m.id} message={m} />
            ))}
          </Stack>
        )}
        <PageControls page={page} pages={Math.ceil(total / pageSize)} onPage={(p) => void goToPage(p)} />
      </Stack>
    </Container>
  );
}

function MailItem({ message }: { message: MailboxMessageDto }) {
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState(false);
  return (
    <Box as="li">
      <Card.Root size="sm">
        <Card.Body gap="2">
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" wordBreak="break-word">
              {message.subject || '(no subject)'}
            </Text>
            <HStack gap="2" flexWrap="wrap" fontSize="sm" color="gray.600">
              <Text wordBreak="break-all">To: {message.to}</Text>
              <Badge variant="subtle">{new Date(message.receivedAt).toLocaleString()}</Badge>
            </HStack>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <Button size="xs" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? 'Hide' : 'Show'} message
            </Button>
            {open && message.html && (
              <Button size="xs" variant="ghost" onClick={() => setHtml((h) => !h)}>
                {html ? 'Plain text' : 'HTML'}
              </Button>
            )}
          </HStack>
          {open &&
            (html && message.html ? (
              <Box
                as="iframe"
                title={`Email: ${message.subject}`}
                // No scripts, no navigation: the message is shown, not run.
                {...{ sandbox: '', srcDoc: message.html }}
                w="full"
                minH="24rem"
                borderWidth="1px"
                borderRadius="md"
                bg="white"
              />
            ) : (
              <Box
                as="pre"
                data-testid="mail-text"
                whiteSpace="pre-wrap"
                wordBreak="break-word"
                fontFamily="inherit"
                fontSize="sm"
                bg="gray.50"
                p="3"
                borderRadius="md"
              >
                {message.text}
              </Box>
            ))}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
