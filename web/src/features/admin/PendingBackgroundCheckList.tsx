import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BACKGROUND_CHECK_QUESTIONS, type PendingBackgroundCheckDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { FiCheck, FiCheckCircle, FiX } from 'react-icons/fi';
import { EmptyState } from '../../components/EmptyState';
import { PagedListCard } from '../../components/PagedListCard';
import { formatUsDate } from '../../lib/dates';
import { selectHasMore, selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useAdminBackgroundChecksStore } from '../../stores/adminBackgroundChecks';
import { CHECK_REVIEW_TOASTS, RejectBackgroundCheckDialog } from './RejectBackgroundCheckDialog';

/** The verification queue's background checks of drivers: their answers, Approve and Reject (with a reason). */
export function PendingBackgroundCheckList() {
  const pending = useAdminBackgroundChecksStore(selectItems);
  const status = useAdminBackgroundChecksStore(selectStatus);
  const hasMore = useAdminBackgroundChecksStore(selectHasMore);
  const load = useAdminBackgroundChecksStore((s) => s.load);
  const loadMore = useAdminBackgroundChecksStore((s) => s.loadMore);
  const [rejecting, setRejecting] = useState<PendingBackgroundCheckDto | null>(null);

  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  return (
    <>
      <PagedListCard
        title="Pending Background Checks"
        isEmpty={pending.length === 0}
        loadingFirst={status === 'loading' || status === 'idle'}
        loadingLabel="Loading pending background checks"
        emptyState={
          <EmptyState
            icon={FiCheckCircle}
            iconColor="green.500"
            title="No Pending Background Checks"
            description="All background checks have been reviewed."
            testId="check-queue-empty"
          />
        }
        hasMore={hasMore}
        loadingMore={status === 'loading'}
        onLoadMore={() => void loadMore()}
      >
        {pending.map((check) => (
          <PendingCheckRow key={check.id} check={check} onReject={() => setRejecting(check)} />
        ))}
      </PagedListCard>
      <RejectBackgroundCheckDialog check={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="gray.600" textTransform="uppercase">
        {label}
      </Text>
      <Text fontSize="sm">{value}</Text>
    </Stack>
  );
}

function PendingCheckRow({ check, onReject }: { check: PendingBackgroundCheckDto; onReject: () => void }) {
  const review = useAdminBackgroundChecksStore((s) => s.review);
  const { submit: approve, pending: approving } = useSubmit(
    () => review(check.id, { status: 'approved' }),
    CHECK_REVIEW_TOASTS,
  );
  const consents = check.consentToBackgroundCheck && check.consentToRecordCheck;

  return (
    <Stack
      as="li"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      data-testid="pending-background-check"
      data-check-id={check.id}
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="semibold">{check.fullName}</Text>
          <Text fontSize="sm" color="gray.600">
            {check.userEmail ?? 'Unknown account'} · Submitted {formatUsDate(check.submittedAt)}
          </Text>
        </Stack>
        <Badge colorPalette="yellow">Pending Review</Badge>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
        <Detail label="SSN" value={`***-**-${check.ssnLast4}`} />
        <Detail label="Date of birth" value={formatUsDate(`${check.dateOfBirth}T12:00:00Z`)} />
        <Detail label="Phone" value={check.phoneNumber} />
        <Detail
          label="Address"
          value={`${check.currentAddress}, ${check.city}, ${check.state} ${check.zipCode}`}
        />
        <Detail
          label="Emergency contact"
          value={`${check.emergencyContactName} (${check.emergencyContactRelationship}), ${check.emergencyContactPhone}`}
        />
        <Detail label="Driving experience" value={check.drivingExperience} />
      </SimpleGrid>
      <Stack gap="1">
        {BACKGROUND_CHECK_QUESTIONS.map((q) => (
          <Text key={q.flag} fontSize="sm">
            {q.label}:{' '}
            <Text as="span" fontWeight="semibold" color={check[q.flag] ? 'orange.700' : undefined}>
              {check[q.flag] ? `Yes: ${check[q.details] ?? ''}` : 'No'}
            </Text>
          </Text>
        ))}
        <Text fontSize="sm" color={consents ? 'green.700' : 'red.600'}>
          Consents: background check {check.consentToBackgroundCheck ? 'given' : 'missing'}, driving record
          check {check.consentToRecordCheck ? 'given' : 'missing'}
        </Text>
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="green" loading={approving} onClick={() => void approve()}>
          <FiCheck aria-hidden /> Approve
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" disabled={approving} onClick={onReject}>
          <FiX aria-hidden /> Reject
        </Button>
      </HStack>
    </Stack>
  );
}
