import { Badge, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { DocumentDto, DocumentStatus } from '@freight/shared';
import type { IconType } from 'react-icons';
import { FiAlertTriangle, FiCheckCircle, FiClock, FiFileText, FiXCircle } from 'react-icons/fi';
import { EmptyState } from '../../components/EmptyState';
import { PagedListCard } from '../../components/PagedListCard';
import { formatUsDate } from '../../lib/dates';
import { selectHasMore, selectItems, selectStatus } from '../../lib/resourceStore';
import { useDocumentsStore } from '../../stores/documents';
import {
  DOCUMENT_STATUS_COLORS,
  DOCUMENT_STATUS_LABELS,
  documentTypeLabel,
  formatCalendarDate,
} from './format';

const STATUS_ICONS: Record<DocumentStatus, { icon: IconType; color: string }> = {
  pending: { icon: FiClock, color: 'yellow.600' },
  approved: { icon: FiCheckCircle, color: 'green.600' },
  rejected: { icon: FiXCircle, color: 'red.600' },
  expired: { icon: FiAlertTriangle, color: 'gray.500' },
};

/** SPEC §2 Document Status: each document with its icon, badge, dates and rejection reason; newest first. */
export function DocumentStatusList() {
  const items = useDocumentsStore(selectItems);
  const status = useDocumentsStore(selectStatus);
  const hasMore = useDocumentsStore(selectHasMore);
  const loadMore = useDocumentsStore((s) => s.loadMore);

  return (
    <PagedListCard
      title="Document Status"
      isEmpty={items.length === 0}
      loadingFirst={status === 'loading' || status === 'idle'}
      loadingLabel="Loading documents"
      emptyState={
        <EmptyState
          icon={FiFileText}
          iconColor="gray.400"
          title="No documents uploaded yet"
          description="Upload your first document to get started"
          testId="documents-empty"
        />
      }
      hasMore={hasMore}
      loadingMore={status === 'loading'}
      onLoadMore={() => void loadMore()}
    >
      {items.map((doc) => (
        <DocumentRow key={doc.id} doc={doc} />
      ))}
    </PagedListCard>
  );
}

function DocumentRow({ doc }: { doc: DocumentDto }) {
  const { icon, color } = STATUS_ICONS[doc.status];
  const label = documentTypeLabel(doc.documentType);
  return (
    <HStack
      as="li"
      align="flex-start"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="document-item"
      data-status={doc.status}
      data-document-type={doc.documentType}
    >
      <Icon as={icon} boxSize="5" color={color} mt="1" aria-hidden />
      <Stack gap="1" flex="1" minW="0">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{label}</Text>
          <Badge colorPalette={DOCUMENT_STATUS_COLORS[doc.status]} data-testid="document-status">
            {DOCUMENT_STATUS_LABELS[doc.status]}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="gray.700" truncate>
          {doc.fileName}
        </Text>
        <Text fontSize="sm" color="gray.600">
          Uploaded: {formatUsDate(doc.uploadedAt)}
          {doc.expirationDate && ` \u2022 Expires: ${formatCalendarDate(doc.expirationDate)}`}
        </Text>
        {doc.status === 'rejected' && doc.rejectionReason && (
          <Text fontSize="sm" color="red.700" data-testid="rejection-reason">
            Rejection reason: {doc.rejectionReason}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}
