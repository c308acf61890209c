import { HStack, Link } from '@chakra-ui/react';
import { LOAD_DOCUMENT_TITLES, dueLoadDocuments, loadDocumentPath } from '@freight/shared';
import { FiDownload } from 'react-icons/fi';

/**
 * Download links for the documents a load is due in its state (issue 16): the rate confirmation once booked, the
 * proof of delivery once delivered. The download makes a document still being prepared, so the links always work.
 */
export function LoadDocumentLinks({
  freightId,
  status,
  carrierId,
}: {
  freightId: string;
  status: string;
  carrierId: string | null;
}) {
  const kinds = dueLoadDocuments({ status, carrierId });
  if (kinds.length === 0) return null;
  return (
    <HStack gap="3" fontSize="sm" wrap="wrap" data-testid="load-document-links">
      {kinds.map((kind) => (
        <Link key={kind} href={loadDocumentPath(freightId, kind)} download colorPalette="blue">
          <FiDownload aria-hidden />
          {LOAD_DOCUMENT_TITLES[kind]}
        </Link>
      ))}
    </HStack>
  );
}
