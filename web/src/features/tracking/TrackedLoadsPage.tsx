import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  HStack,
  Heading,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { FiMapPin } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { formatUsDate } from '../../lib/dates';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useChatUnreadStore } from '../../stores/chatUnread';
import { useTrackedLoadsStore } from '../../stores/trackedLoads';
import { formatPrice, statusColor, statusLabel } from './format';

/** /tracking (and, inside it, /driver-routes): the loads the user takes part in, each linking to its tracking screen. */
export function TrackedLoadsPage({ embedded = false }: { embedded?: boolean }) {
  const loads = useTrackedLoadsStore(selectItems);
  const total = useTrackedLoadsStore(selectTotal);
  const status = useTrackedLoadsStore(selectStatus);
  const loadFirstPage = useTrackedLoadsStore((s) => s.load);
  const loadNextPage = useTrackedLoadsStore((s) => s.loadMore);
  const unreadItems = useChatUnreadStore(selectItems);
  const unread = useMemo(() => new Map(unreadItems.map((u) => [u.id, u.unreadCount])), [unreadItems]);

  useEffect(() => {
    void loadFirstPage();
  }, [loadFirstPage]);

  return (
    // Inside another page (My Routes) it takes that page's width and a section heading.
    <Container maxW={embedded ? '7xl' : '5xl'} py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as={embedded ? 'h2' : 'h1'} size={embedded ? 'xl' : '2xl'}>
            Freight Tracking
          </Heading>
          <Text color="gray.600">Follow your booked loads: location, photos and chat.</Text>
        </Stack>
        {status === 'loading' && loads.length === 0 ? (
          <Center py="10">
            <Spinner role="status" aria-label="Loading tracked loads" />
          </Center>
        ) : loads.length === 0 ? (
          <Card.Root>
            <Card.Body>
              <Text fontWeight="medium">No loads to track</Text>
              <Text color="gray.600" fontSize="sm">
                Booked loads you take part in appear here.
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack gap="3" data-testid="tracked-loads">
            {loads.map((load) => {
              const count = unread.get(load.id) ?? load.unreadCount;
              return (
                <Card.Root key={load.id} size="sm">
                  <Card.Body>
                    <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
                      <Stack gap="1">
                        <HStack gap="2" wrap="wrap">
                          <Text fontWeight="semibold">
                            {load.pickupCity}, {load.pickupState} → {load.deliveryCity}, {load.deliveryState}
                          </Text>
                          <Badge colorPalette={statusColor(load.status)}>{statusLabel(load.status)}</Badge>
                          {load.isUrgent && (
                            <Badge colorPalette="red" variant="solid">
                              Urgent
                            </Badge>
                          )}
                          {count > 0 && (
                            <Badge colorPalette="blue" variant="solid" borderRadius="full">
                              {count} unread
                            </Badge>
                          )}
                        </HStack>
                        <Text fontSize="sm" color="gray.600">
                          {load.title} · {formatPrice(load.price)}
                          {load.pickupDate ? ` · Pickup ${formatUsDate(load.pickupDate)}` : ''}
                        </Text>
                      </Stack>
                      <Button asChild size="sm" colorPalette="blue" variant="outline">
                        <RouterLink to={`/tracking/${load.id}`}>
                          <FiMapPin aria-hidden />
                          Track
                        </RouterLink>
                      </Button>
                    </HStack>
                  </Card.Body>
                </Card.Root>
              );
            })}
            {loads.length < total && (
              <LoadMoreButton loading={status === 'loading'} onClick={() => void loadNextPage()} />
            )}
          </Stack>
        )}
        <Link asChild color="blue.600" fontSize="sm">
          <RouterLink to="/freight">Browse the load board</RouterLink>
        </Link>
      </Stack>
    </Container>
  );
}
