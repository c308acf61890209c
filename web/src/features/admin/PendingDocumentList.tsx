import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { USER_TYPE_LABELS, type PendingDocumentDto } from '@freight/shared';
import { useState } from 'react';
import { FiCheck, FiCheckCircle, FiExternalLink, FiX } from 'react-icons/fi';
import { EmptyState } from '../../components/EmptyState';
import { PagedListCard } from '../../components/PagedListCard';
import { formatUsDate } from '../../lib/dates';
import { selectHasMore, selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useAdminStore } from '../../stores/admin';
import { documentTypeLabel, formatCalendarDate } from '../documents/format';
import { REVIEW_TOASTS, RejectDocumentDialog } from './RejectDocumentDialog';

/** SPEC §2: the pending list with Approve, Reject (dialog) and View Document (the download, in a new tab). */
export function PendingDocumentList() {
  const pending = useAdminStore(selectItems);
  const status = useAdminStore(selectStatus);
  const hasMore = useAdminStore(selectHasMore);
  const loadMore = useAdminStore((s) => s.loadMore);
  const [rejecting, setRejecting] = useState<PendingDocumentDto | null>(null);

  return (
    <>
      <PagedListCard
        title="Pending Documents"
        isEmpty={pending.length === 0}
        loadingFirst={status === 'loading' || status === 'idle'}
        loadingLabel="Loading pending documents"
        emptyState={
          <EmptyState
            icon={FiCheckCircle}
            iconColor="green.500"
            title="No Pending Documents"
            description="All documents have been reviewed."
            testId="queue-empty"
          />
        }
        hasMore={hasMore}
        loadingMore={status === 'loading'}
        onLoadMore={() => void loadMore()}
      >
        {pending.map((doc) => (
          <PendingRow key={doc.id} doc={doc} onReject={() => setRejecting(doc)} />
        ))}
      </PagedListCard>
      <RejectDocumentDialog document={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function PendingRow({ doc, onReject }: { doc: PendingDocumentDto; onReject: () => void }) {
  const review = useAdminStore((s) => s.review);
  const { submit: approve, pending: approving } = useSubmit(
    () => review(doc.id, { status: 'approved' }),
    REVIEW_TOASTS,
  );

  return (
    <Stack
      as="li"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      data-testid="pending-document"
      data-document-id={doc.id}
      data-document-type={doc.documentType}
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="semibold">{doc.userCompanyName || 'Unknown Company'}</Text>
          <Text fontSize="sm" color="gray.600">
            {doc.userType ? USER_TYPE_LABELS[doc.userType] : 'Unknown'}
          </Text>
        </Stack>
        <Badge colorPalette="yellow">Pending Review</Badge>
      </HStack>
      <Text>{documentTypeLabel(doc.documentType)}</Text>
      <Text fontSize="sm" color="gray.600">
        Submitted: {formatUsDate(doc.uploadedAt)}
        {doc.expirationDate && ` \u2022 Expires: ${formatCalendarDate(doc.expirationDate)}`}
      </Text>
      <Text fontSize="sm" color="gray.700" truncate>
        {doc.fileName}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="green" loading={approving} onClick={() => void approve()}>
          <FiCheck aria-hidden /> Approve
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" disabled={approving} onClick={onReject}>
          <FiX aria-hidden /> Reject
        </Button>
        <Button size="sm" variant="ghost" asChild>
          <a href={doc.downloadUrl} target="_blank" rel="noopener noreferrer">
            <FiExternalLink aria-hidden /> View Document
          </a>
        </Button>
      </HStack>
    </Stack>
  );
}
