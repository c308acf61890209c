import { Badge, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { LoadDocumentDto } from '@freight/shared';
import { useEffect } from 'react';
import { takingOverFromServer } from '../../lib/serverData';
import { FiDownload, FiFileText } from 'react-icons/fi';
import { formatUsDateTime } from '../../lib/dates';
import { useLoadDocumentsStore } from '../../stores/loadDocuments';
import { useTrackedLoadStore } from '../../stores/trackedLoad';

const sizeText = (bytes: number | null) =>
  bytes == null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

function DocumentRow({ document }: { document: LoadDocumentDto }) {
  const detail = document.ready
    ? ['PDF', sizeText(document.size), document.createdAt && `issued ${formatUsDateTime(document.createdAt)}`]
        .filter(Boolean)
        .join(' · ')
    : 'Being prepared; downloading it now makes it at once';
  return (
    <HStack justify="space-between" gap="3" wrap="wrap" data-testid={`load-document-${document.kind}`}>
      <HStack gap="3">
        <FiFileText aria-hidden />
        <Stack gap="0">
          <Text fontWeight="medium">{document.title}</Text>
          <Text fontSize="sm" color="gray.600">
            {detail}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="3">
        {!document.ready && <Badge colorPalette="yellow">Preparing</Badge>}
        <Link
          href={document.url}
          download={document.fileName}
          aria-label={`Download ${document.title}`}
          colorPalette="blue"
          fontWeight="medium"
        >
          <FiDownload aria-hidden />
          Download
        </Link>
      </HStack>
    </HStack>
  );
}

/**
 * The load's documents (issue 16): its rate confirmation once booked and its proof of delivery once delivered, each
 * downloadable by the load's participants; a document becomes ready live (`freight:document`).
 */
export function LoadDocumentsCard({ freightId }: { freightId: string }) {
  const documents = useLoadDocumentsStore((s) => s.byId[freightId]?.data?.documents);
  const load = useLoadDocumentsStore((s) => s.load);
  // A status change (booked, delivered) brings a new document: read the list again.
  const status = useTrackedLoadStore((s) => s.byId[freightId]?.data?.status);
  useEffect(() => {
    // A page taken over from the server came with them (firstLoads.ts).
    if (!takingOverFromServer()) void load(freightId);
  }, [freightId, status, load]);
  if (!documents || documents.length === 0) return null;
  return (
    <Card.Root size="sm" data-testid="load-documents">
      <Card.Header>
        <Heading as="h2" size="sm">
          Load documents
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {documents.map((d) => (
            <DocumentRow key={d.kind} document={d} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
