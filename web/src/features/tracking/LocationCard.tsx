import { Button, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { GEOLOCATION_TIMEOUT_MS, type LocationPointDto, type TrackingFreightDto } from '@freight/shared';
import { useState } from 'react';
import { FiExternalLink, FiNavigation } from 'react-icons/fi';
import { notify } from '../../components/ui/toaster';
import { isSocketConnected } from '../../lib/socket';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { useCurrentUser } from '../../stores/session';
import { currentPosition, externalMapUrl } from './format';
import { LiveMap } from './LiveMap';
import { reloadTrackedLoad } from './trackedLoadSession';

const LOCATION_UPDATABLE = ['booked', 'in_transit'];
const NO_TRAIL: LocationPointDto[] = [];

/** The Current Location card: live map and trail, the external map link, and the carrier's 'Update My Location'. */
export function LocationCard({ freight }: { freight: TrackingFreightDto }) {
  const user = useCurrentUser();
  const reported = useLoadPositionStore((s) => s.byId[freight.id]?.data?.location);
  const trail = useLoadPositionStore((s) => s.byId[freight.id]?.data?.trail) ?? NO_TRAIL;
  const updateLocation = useLoadPositionStore((s) => s.updateLocation);
  const [locating, setLocating] = useState(false);
  // Until the position is loaded, the load's own last position.
  const lat = reported ? reported.lat : freight.currentLat;
  const lng = reported ? reported.lng : freight.currentLng;
  const isCarrier = user?.id != null && user.id === freight.carrierId;

  const { submit: sendPosition } = useSubmit(
    async (position: GeolocationPosition) => {
      await updateLocation(freight.id, position.coords.latitude, position.coords.longitude);
      // Without a socket no event comes back: re-read what the update changed.
      if (!isSocketConnected()) await reloadTrackedLoad(freight.id);
    },
    { successTitle: 'Location updated', failure: 'Failed to update location' },
  );

  const update = async () => {
    setLocating(true);
    try {
      await sendPosition(await currentPosition(GEOLOCATION_TIMEOUT_MS));
    } catch (err) {
      if (err instanceof Error && err.message === 'unsupported') {
        notify({ title: 'Location Not Supported', description: 'Location not supported', type: 'error' });
      } else {
        notify({ title: 'Location Error', description: 'Could not get current location', type: 'error' });
      }
    } finally {
      setLocating(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md">
            Current Location
          </Heading>
          <HStack gap="3">
            {lat != null && lng != null && (
              <Link
                href={externalMapUrl(lat, lng)}
                target="_blank"
                rel="noopener noreferrer"
                color="blue.600"
              >
                View on Map <FiExternalLink aria-hidden />
              </Link>
            )}
            {isCarrier && LOCATION_UPDATABLE.includes(freight.status) && (
              <Button size="sm" colorPalette="blue" loading={locating} onClick={() => void update()}>
                <FiNavigation aria-hidden />
                Update My Location
              </Button>
            )}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        {lat != null && lng != null ? (
          <Stack gap="2">
            <LiveMap lat={lat} lng={lng} trail={trail} />
            <Text fontSize="sm" color="gray.600" data-testid="tracking-coordinates">
              {lat.toFixed(5)}, {lng.toFixed(5)}
            </Text>
          </Stack>
        ) : (
          <Text color="gray.600" data-testid="tracking-no-location">
            No location has been reported for this load yet.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
