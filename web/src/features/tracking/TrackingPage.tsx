import { Badge, Center, Container, Heading, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { FREIGHT_NOT_FOUND_MESSAGE } from '@freight/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../../stores/session';
import { useTrackingStore } from '../../stores/tracking';
import { ChatPanel } from './ChatPanel';
import { LocationCard } from './LocationCard';
import { PhotosTab } from './PhotosTab';
import { StatusActions } from './StatusActions';
import { TrackingHeader } from './TrackingHeader';
import { UploadTab } from './UploadTab';
import { useTrackingFallback } from './useTrackingFallback';

/** /tracking/:id (SPEC §2 Freight tracking): live for participants, 'Freight not found' for anyone else. */
export function TrackingPage() {
  const { id = '' } = useParams();
  const open = useTrackingStore((s) => s.open);
  const close = useTrackingStore((s) => s.close);
  const detail = useTrackingStore((s) => (s.freightId === id ? s.detail : null));
  const detailStatus = useTrackingStore((s) => (s.freightId === id ? s.detailStatus : 'loading'));
  const photoCount = useTrackingStore((s) => s.photos.length);
  const unread = useTrackingStore((s) => s.unread[id] ?? 0);
  const user = useCurrentUser();

  useEffect(() => {
    void open(id);
    return () => close();
  }, [id, open, close]);
  useTrackingFallback(detailStatus === 'loaded');

  if (detailStatus === 'notFound') {
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
        <Spinner size="lg" aria-label="Loading tracking" />
      </Center>
    );
  }

  // An admin who takes no part in the load reads its chat and photos; only participants write (issue #12).
  const readOnly = user?.userType === 'admin' && user.id !== detail.posterId && user.id !== detail.carrierId;

  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <TrackingHeader freight={detail} />
        <StatusActions freight={detail} />
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
          </Tabs.List>
          <Tabs.Content value="photos">
            <PhotosTab />
          </Tabs.Content>
          <Tabs.Content value="chat">
            <ChatPanel freightId={detail.id} readOnly={readOnly} />
          </Tabs.Content>
          {!readOnly && (
            <Tabs.Content value="upload">
              <UploadTab />
            </Tabs.Content>
          )}
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
