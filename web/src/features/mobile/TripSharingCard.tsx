import { Card, HStack, Heading, Icon, Link, List, Stack, Text } from '@chakra-ui/react';
import { loadReference, type TrackedLoadDto } from '@freight/shared';
import { useEffect, useMemo } from 'react';
import { FiNavigation } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { selectItems } from '../../lib/resourceStore';
import { trackingRoute } from '../../lib/loadReference';
import { useCurrentUser } from '../../stores/session';
import { useTrackedLoadsStore } from '../../stores/trackedLoads';
import { SharingControl } from '../tracking/LocationCard';
import { statusLabel } from '../tracking/format';
import { useLocationSharing } from '../tracking/useLocationSharing';

/**
 * /mobile for a carrier (issue 16): while the page is open, the phone's position goes to each of the carrier's
 * booked or in-transit loads (among its 20 most recently changed), with the same sharing state and Stop button as
 * the tracking page.
 */
export function TripSharingCard() {
  const user = useCurrentUser();
  const items = useTrackedLoadsStore(selectItems);
  const load = useTrackedLoadsStore((s) => s.load);
  const isCarrier = user?.viewerActions.shareTripLocation === true;
  useEffect(() => {
    if (isCarrier) void load();
  }, [isCarrier, load]);
  const active = useMemo(
    () => items.filter((l: TrackedLoadDto) => l.viewerActions?.updateLocation === true),
    [items],
  );
  const sharing = useLocationSharing(
    active.map((l) => l.id),
    isCarrier && active.length > 0,
  );
  if (!isCarrier) return null;
  return (
    <Card.Root data-testid="trip-sharing">
      <Card.Header>
        <HStack gap="3">
          <Icon as={FiNavigation} boxSize="6" color="blue.600" />
          <Heading as="h2" size="md">
            Location Sharing for My Loads
          </Heading>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        {active.length === 0 ? (
          <Text color="gray.600">No booked or in-transit loads: nothing to share.</Text>
        ) : (
          <Stack gap="3">
            <SharingControl sharing={sharing} />
            <List.Root gap="1" ps="5">
              {active.map((l) => (
                <List.Item key={l.id}>
                  <Link asChild color="blue.700">
                    <RouterLink to={`/tracking/${l.id}`}>
                      {loadReference(l.id)} {trackingRoute(l)}
                    </RouterLink>
                  </Link>{' '}
                  <Text as="span" color="gray.600">
                    ({statusLabel(l.status)})
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
