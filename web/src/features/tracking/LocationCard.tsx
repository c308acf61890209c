import { renderNow } from '../../lib/serverData';
import { Badge, Box, Button, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import {
  GEOLOCATION_TIMEOUT_MS,
  type LocationPointDto,
  type TrackingFreightDto,
  placeName,
} from '@freight/shared';
import { Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { FiExternalLink, FiNavigation, FiPause, FiPlay } from 'react-icons/fi';
import { notify } from '../../components/ui/toaster';
import { isSocketConnected } from '../../lib/socket';
import { useNearViewport } from '../../lib/useNearViewport';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { currentPosition, externalMapUrl, mapDataAttributes } from './format';
import { lazyNamed } from '../../lib/lazyComponent';
import type { MapPlace } from './LiveMap';
import { reloadTrackedLoad } from './trackedLoadSession';
import { EtaLine, StopTimeline, stillToPickUp, useLoadStops } from './TripProgress';
import { useLocationSharing, type LocationSharing } from './useLocationSharing';

// Leaflet and the offline map's outlines load with the map, not with the tracking page's first paint (issue 24).
const LiveMap = lazyNamed(() => import('./LiveMap'), 'LiveMap');

const NO_TRAIL: LocationPointDto[] = [];

/**
 * The map's place before it is drawn: its size, and the position and trail it will show (`data-*` as the map), with
 * a line that says the map is on its way rather than a blank box (issue 39).
 */
const MapPlaceholder = ({
  ref,
  position,
  trail,
}: {
  ref?: Ref<HTMLDivElement>;
  position: { lat: number; lng: number } | null;
  trail: LocationPointDto[];
}) => (
  <Box
    ref={ref}
    data-testid="tracking-map"
    data-basemap="pending"
    {...mapDataAttributes(position, trail)}
    height="360px"
    borderRadius="md"
    borderWidth="1px"
    bg="gray.100"
    display="flex"
    alignItems="center"
    justifyContent="center"
  >
    <Text color="gray.600" fontSize="sm">
      Loading the map…
    </Text>
  </Box>
);

const SHARING_TEXT: Record<LocationSharing['status'], string> = {
  starting: 'Starting location sharing…',
  sharing: 'Sharing location',
  stopped: 'Not sharing location',
  denied: 'Location access is blocked: allow it for this site to share your location',
  unsupported: 'This device cannot share its location',
};

/** Seconds since `at`, re-read every 5 s. */
function useSecondsSince(at: number | null): number | null {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, []);
  return at === null ? null : Math.max(0, Math.round((now - at) / 1000));
}

/** The carrier's automatic sharing: its state, when it last sent, and the button that stops or resumes it. */
export function SharingControl({ sharing }: { sharing: LocationSharing }) {
  const ago = useSecondsSince(sharing.lastSentAt);
  const on = sharing.status === 'sharing' || sharing.status === 'starting';
  return (
    <HStack gap="3" wrap="wrap" minW="0" data-testid="location-sharing" data-status={sharing.status}>
      {/* A badge keeps one line by default: the long 'blocked' text wraps instead of widening a phone's page. */}
      <Badge
        colorPalette={sharing.status === 'sharing' ? 'green' : on ? 'blue' : 'gray'}
        size="lg"
        whiteSpace="normal"
        h="auto"
        minH="7"
        py="1"
        maxW="full"
      >
        {sharing.status === 'sharing' && (
          <Box as="span" w="2" h="2" borderRadius="full" bg="green.600" aria-hidden display="inline-block" />
        )}
        {SHARING_TEXT[sharing.status]}
      </Badge>
      {sharing.status === 'sharing' && ago !== null && (
        <Text fontSize="sm" color="gray.600">
          Last sent {ago < 5 ? 'just now' : `${ago} s ago`}
        </Text>
      )}
      {sharing.pending > 0 && (
        <Text fontSize="sm" color="orange.700" data-testid="positions-kept">
          {sharing.pending === 1 ? '1 position' : `${sharing.pending} positions`} kept on this phone: sent
          when the signal returns
        </Text>
      )}
      {sharing.error && sharing.pending === 0 && (
        <Text fontSize="sm" color="red.700">
          {sharing.error}
        </Text>
      )}
      {on ? (
        <Button size="xs" variant="outline" onClick={sharing.stop}>
          <FiPause aria-hidden /> Stop sharing
        </Button>
      ) : (
        sharing.status !== 'unsupported' && (
          <Button size="xs" variant="outline" colorPalette="green" onClick={sharing.start}>
            <FiPlay aria-hidden /> Share location
          </Button>
        )
      )}
    </HStack>
  );
}

const place = (lat: number | null, lng: number | null, label: string): MapPlace | null =>
  lat != null && lng != null ? { lat, lng, label } : null;

/**
 * The Current Location card: the map with the pickup and delivery pins, the trail, the position and the line ahead;
 * the ETA and the stops; the external map link; for the carrier, automatic sharing and 'Update My Location'.
 */
export function LocationCard({ freight }: { freight: TrackingFreightDto }) {
  const reported = useLoadPositionStore((s) => s.byId[freight.id]?.data?.location);
  const trail = useLoadPositionStore((s) => s.byId[freight.id]?.data?.trail) ?? NO_TRAIL;
  const updateLocation = useLoadPositionStore((s) => s.updateLocation);
  const stops = useLoadStops(freight.id);
  const [locating, setLocating] = useState(false);
  // Until the position is loaded, the load's own last position.
  const lat = reported ? reported.lat : freight.currentLat;
  const lng = reported ? reported.lng : freight.currentLng;
  const canShare = freight.viewerActions?.updateLocation === true;
  const sharing = useLocationSharing([freight.id], canShare);
  // The map (Leaflet, the state outlines) loads and draws when the visitor scrolls near it: below the fold on a phone.
  const mapBox = useRef<HTMLDivElement>(null);
  const mapNear = useNearViewport(mapBox);

  const { submit: sendPosition } = useSubmit(
    async (position: { lat: number; lng: number }) => {
      await updateLocation(freight.id, position.lat, position.lng);
      // Without a socket no event comes back: re-read what the update changed.
      if (!isSocketConnected()) await reloadTrackedLoad(freight.id);
    },
    { successTitle: 'Location updated', failure: 'Failed to update location' },
  );

  const update = async () => {
    setLocating(true);
    try {
      // While sharing, the watch's fix is the newest there is (a second request for one may wait on the watch).
      const fix = sharing.freshFix();
      const located = fix ?? (await currentPosition(GEOLOCATION_TIMEOUT_MS)).coords;
      await sendPosition('lat' in located ? located : { lat: located.latitude, lng: located.longitude });
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

  const pickup = place(
    freight.pickupLat,
    freight.pickupLng,
    `${placeName(freight.pickupCity, freight.pickupState)}`,
  );
  const delivery = place(
    freight.deliveryLat,
    freight.deliveryLng,
    `${placeName(freight.deliveryCity, freight.deliveryState)}`,
  );
  const position = lat != null && lng != null ? { lat, lng } : null;

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md">
            Current Location
          </Heading>
          <HStack gap="3">
            {position && (
              <Link
                href={externalMapUrl(position.lat, position.lng)}
                target="_blank"
                rel="noopener noreferrer"
                color="blue.600"
              >
                View on Map <FiExternalLink aria-hidden />
              </Link>
            )}
            {canShare && (
              <Button size="sm" colorPalette="blue" loading={locating} onClick={() => void update()}>
                <FiNavigation aria-hidden />
                Update My Location
              </Button>
            )}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {canShare && <SharingControl sharing={sharing} />}
          <EtaLine
            freight={{
              ...freight,
              currentLat: lat,
              currentLng: lng,
              lastLocationUpdate: reported?.lastLocationUpdate ?? freight.lastLocationUpdate,
            }}
            trail={trail}
            stops={stops}
          />
          {(position || pickup || delivery) &&
            (mapNear ? (
              <Suspense fallback={<MapPlaceholder position={position} trail={trail} />}>
                <LiveMap
                  position={position}
                  trail={trail}
                  pickup={pickup}
                  delivery={delivery}
                  viaPickup={stillToPickUp(freight, stops)}
                />
              </Suspense>
            ) : (
              // Leaflet draws in the browser only, once near: until then (and in a page drawn on the server) the
              // map's place, with the position it will show.
              <MapPlaceholder ref={mapBox} position={position} trail={trail} />
            ))}
          {position ? (
            <Text fontSize="sm" color="gray.600" data-testid="tracking-coordinates">
              {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
            </Text>
          ) : (
            <Text color="gray.600" data-testid="tracking-no-location">
              No location has been reported for this load yet.
            </Text>
          )}
          <Heading as="h3" size="sm">
            Stops
          </Heading>
          <StopTimeline
            freight={freight}
            stops={stops}
            canReport={freight.viewerActions?.reportStops === true}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
