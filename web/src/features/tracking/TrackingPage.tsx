import { Badge, Center, Container, Heading, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { FREIGHT_NOT_FOUND_MESSAGE } from '@freight/shared';
import { Suspense, useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { selectUnreadFor, useChatUnreadStore } from '../../stores/chatUnread';
import { useLoadPhotosStore } from '../../stores/loadPhotos';
import { useTrackedLoadStore } from '../../stores/trackedLoad';
import { useTransitionedStore } from '../../lib/useTransitionedStore';
import { LocationCard } from './LocationCard';
import { PhotosTab } from './PhotosTab';
import { StatusActions } from './StatusActions';
import { DeliveryReceiptCard } from './DeliveryReceiptCard';
import { LoadPartiesCard } from './LoadPartiesCard';
import { StopsCard } from './StopsCard';
import { StopClockCard } from './StopClockCard';
import { AssignmentCard } from '../fleet/AssignmentCard';
import { LoadDocumentsCard } from './LoadDocumentsCard';
import { TrackingHeader } from './TrackingHeader';
import { useTrackedLoadSession } from './trackedLoadSession';
import { useTrackingFallback } from './useTrackingFallback';
import { lazyNamed } from '../../lib/lazyComponent';

// The tabs behind Photos (shown first) load their code when first opened (issue 24): a phone's first screen does not
// evaluate the chat's, the upload form's and the history's.
const ChatPanel = lazyNamed(() => import('./ChatPanel'), 'ChatPanel');
const UploadTab = lazyNamed(() => import('./UploadTab'), 'UploadTab');
const LoadHistoryCard = lazyNamed(() => import('../loadHistory/LoadHistoryCard'), 'LoadHistoryCard');
const LoadRatingCard = lazyNamed(() => import('../ratings/LoadRatingCard'), 'LoadRatingCard');
const tabLoading = (
  <Center py="8">
    <Spinner role="status" aria-label="Loading" />
  </Center>
);

/** A delivered load's invoice (issue 40), in a chunk of its own: most loads on this page are not delivered. */
const LoadInvoiceCard = lazyNamed(() => import('../invoices/LoadInvoiceCard'), 'LoadInvoiceCard');

type TrackedLoadState = ReturnType<typeof useTrackedLoadStore.getState>;

/** /tracking/:id (SPEC §2 Freight tracking): live for participants, 'Freight not found' for anyone else. */
export function TrackingPage() {
  const { id = '' } = useParams();
  // The load's arrival draws the whole screen: in a transition, so a phone renders it in slices.
  const selectEntry = useCallback((s: TrackedLoadState) => s.byId[id], [id]);
  const entry = useTransitionedStore(useTrackedLoadStore, selectEntry);
  const detail = entry?.data ?? null;
  const detailStatus = entry?.status ?? 'loading';
  const notFound = useTrackedLoadStore((s) => Boolean(s.notFound[id]));
  const photoCount = useLoadPhotosStore((s) => s.byId[id]?.data?.photos.length ?? 0);
  const unread = useChatUnreadStore(selectUnreadFor(id));

  useTrackedLoadSession(id);
  useTrackingFallback(id, detailStatus === 'loaded');

  if (notFound && detailStatus === 'failed') {
    return (
      <Container maxW="4xl" py="12">
        <Heading as="h1" size="xl" data-testid="tracking-not-found">
          {FREIGHT_NOT_FOUND_MESSAGE}
        </Heading>
      </Container>
    );
  }
  if (detailStatus === 'failed') {
    return (
      <Container maxW="4xl" py="12">
        <Text color="red.600">Could not load this load. Please try again.</Text>
      </Container>
    );
  }
  if (!detail) {
    return (
      <Center py="16">
        <Spinner size="lg" role="status" aria-label="Loading tracking" />
      </Center>
    );
  }

  // An admin who takes no part in the load reads its chat and photos; only participants write (issue #12).
  const readOnly = !detail.viewerActions?.write;

  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <TrackingHeader freight={detail} />
        <LoadPartiesCard freightId={detail.id} bookedStatus={detail.status} />
        <StopsCard freight={detail} />
        <StopClockCard freight={detail} />
        <AssignmentCard
          freightId={detail.id}
          assignment={detail.assignment}
          canAssign={Boolean(detail.viewerActions?.assign)}
        />
        {detail.viewerActions?.viewDocuments && <LoadDocumentsCard freightId={detail.id} />}
        {detail.status === 'delivered' && (
          <Suspense fallback={null}>
            <LoadInvoiceCard loadId={detail.id} />
          </Suspense>
        )}
        <StatusActions freight={detail} />
        {detail.deliveryProof && <DeliveryReceiptCard proof={detail.deliveryProof} />}
        {detail.status === 'delivered' && (
          <Suspense fallback={null}>
            <LoadRatingCard loadId={detail.id} />
          </Suspense>
        )}
        <LocationCard freight={detail} />
        <Tabs.Root defaultValue="photos" variant="enclosed" lazyMount unmountOnExit>
          <Tabs.List>
            <Tabs.Trigger value="photos">Photos{photoCount > 0 ? ` (${photoCount})` : ''}</Tabs.Trigger>
            <Tabs.Trigger value="chat">
              Chat
              {unread > 0 && (
                <Badge
                  colorPalette="red"
                  variant="solid"
                  borderRadius="full"
                  ml="1"
                  data-testid="tracking-chat-unread"
                >
                  {unread}
                </Badge>
              )}
            </Tabs.Trigger>
            {!readOnly && <Tabs.Trigger value="upload">Upload</Tabs.Trigger>}
            <Tabs.Trigger value="history">History</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="photos">
            <PhotosTab freightId={detail.id} />
          </Tabs.Content>
          <Tabs.Content value="chat">
            <Suspense fallback={tabLoading}>
              <ChatPanel freightId={detail.id} readOnly={readOnly} />
            </Suspense>
          </Tabs.Content>
          {!readOnly && (
            <Tabs.Content value="upload">
              <Suspense fallback={tabLoading}>
                <UploadTab freightId={detail.id} />
              </Suspense>
            </Tabs.Content>
          )}
          <Tabs.Content value="history">
            <Suspense fallback={tabLoading}>
              <LoadHistoryCard freightId={detail.id} />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
