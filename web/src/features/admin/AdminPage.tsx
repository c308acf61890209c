import { Card, Container, Heading, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notify } from '../../components/ui/toaster';
import { selectStatus, selectTotal } from '../../lib/resourceStore';
import { useAdminStore } from '../../stores/admin';
import { useSessionStore } from '../../stores/session';
import { PendingBackgroundCheckList } from './PendingBackgroundCheckList';
import { PendingDocumentList } from './PendingDocumentList';
import { AdminTwoFactorGate } from '../account/AdminTwoFactorGate';

/** SPEC §2 Admin area (/admin): the document verification queue, live through `admin:queue-changed`. */
export function AdminPage() {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const isAdmin = user?.userType === 'admin';

  useEffect(() => {
    if (user && !isAdmin) {
      notify({
        title: 'Access Denied',
        description: 'Admin access required to view this page.',
        type: 'error',
      });
      navigate('/', { replace: true });
    }
  }, [user, isAdmin, navigate]);

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
    <AdminTwoFactorGate>
      <VerificationQueue />
    </AdminTwoFactorGate>
  );
}

function VerificationQueue() {
  const status = useAdminStore(selectStatus);
  const total = useAdminStore(selectTotal);
  const load = useAdminStore((s) => s.load);
  const stats = useAdminStore((s) => s.stats);

  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  // SPEC §9 shows Approved Today and Rejected fixed at 0 and Avg Review Time '--'; an admin needs the real
  // figures, so they come from GET /api/admin/documents/stats ('--' while loading or with nothing reviewed).
  const summary = [
    { label: 'Pending Review', value: String(total), testId: 'summary-pending' },
    { label: 'Approved Today', value: stats ? String(stats.approvedToday) : '0', testId: 'summary-approved' },
    { label: 'Rejected', value: stats ? String(stats.rejectedToday) : '0', testId: 'summary-rejected' },
    {
      label: 'Avg Review Time',
      value: formatMinutes(stats?.avgReviewMinutes ?? null),
      testId: 'summary-review-time',
    },
  ];

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Document Verification Queue
          </Heading>
          <Text color="gray.600">
            Review and verify user compliance documents ·{' '}
            <Link asChild colorPalette="blue">
              <RouterLink to="/admin/mail">Mailbox</RouterLink>
            </Link>
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {summary.map((card) => (
            <Card.Root key={card.label}>
              <Card.Body>
                <Stat.Root data-testid={card.testId}>
                  <Stat.Label>{card.label}</Stat.Label>
                  <Stat.ValueText>{card.value}</Stat.ValueText>
                </Stat.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        <PendingDocumentList />
        <PendingBackgroundCheckList />
      </Stack>
    </Container>
  );
}

function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '--';
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 6) / 10} h`;
  return `${Math.round(minutes / 144) / 10} d`;
}
