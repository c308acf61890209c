import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  HStack,
  Heading,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TripDto, TripStopDto } from '@freight/shared';
import { useEffect } from 'react';
import { FiMapPin, FiNavigation } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { formatUsDate } from '../../lib/dates';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useTripsStore } from '../../stores/trips';
import { statusColor, statusLabel } from '../tracking/format';
import { StopDetails } from '../tracking/StopDetails';

const STOP_LABEL = { pickup: 'Next: pickup', delivery: 'Next: delivery' } as const;
/** "Next: pickup", or on a load with stops in between "Next: stop 2 of 4, pickup" (issue 39). */
const nextStopLabel = (stop: TripStopDto) =>
  stop.stopCount && stop.stopCount > 2 && stop.sequence
    ? `Next: stop ${stop.sequence} of ${stop.stopCount}, ${stop.kind}`
    : STOP_LABEL[stop.kind];

/** What the driver may do on the trip, in words (the tracking page has the buttons). */
function actionsText(trip: TripDto): string | null {
  const a = trip.viewerActions;
  const can = [
    a.updateLocation && 'share location',
    a.reportStops && 'report stops',
    a.markDelivered && 'mark delivered',
    a.write && 'add photos and chat',
  ].filter(Boolean);
  return can.length ? `You can ${can.join(', ')}` : null;
}

function TripCard({ trip }: { trip: TripDto }) {
  const stop = trip.nextStop;
  const actions = actionsText(trip);
  return (
    <Card.Root size="sm" data-testid="trip" data-trip-id={trip.id} data-status={trip.status}>
      <Card.Body>
        <Stack gap="3">
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">
                {trip.pickupCity}, {trip.pickupState} → {trip.deliveryCity}, {trip.deliveryState}
              </Text>
              <Badge colorPalette={statusColor(trip.status)}>{statusLabel(trip.status)}</Badge>
            </HStack>
            <Text fontSize="sm" color="gray.600">
              {trip.title}
              {trip.assignment ? ` · Truck ${trip.assignment.truckUnit}` : ''}
              {trip.pickupDate ? ` · Pickup ${formatUsDate(trip.pickupDate)}` : ''}
              {trip.deliveryDate ? ` · Delivery ${formatUsDate(trip.deliveryDate)}` : ''}
            </Text>
          </Stack>
          {stop && <StopDetails stop={stop} label={nextStopLabel(stop)} testId="trip-next-stop" />}
          {actions && (
            <Text fontSize="xs" color="gray.600">
              {actions}
            </Text>
          )}
          <HStack gap="2" wrap="wrap">
            <Button asChild size="sm" colorPalette="blue">
              <RouterLink to={`/tracking/${trip.id}`}>
                <FiMapPin aria-hidden />
                Open trip
              </RouterLink>
            </Button>
            {stop && (
              <Button asChild size="sm" variant="outline" colorPalette="blue">
                <a href={stop.navigationUrl} target="_blank" rel="noopener noreferrer">
                  <FiNavigation aria-hidden />
                  Navigate to {stop.kind}
                </a>
              </Button>
            )}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /trips (issue 29): the driver's phone opens here; only the loads assigned to them, active ones first. */
export function MyTripsPage() {
  const trips = useTripsStore(selectItems);
  const total = useTripsStore(selectTotal);
  const status = useTripsStore(selectStatus);
  const loadFirstPage = useTripsStore((s) => s.load);
  const loadNextPage = useTripsStore((s) => s.loadMore);

  useEffect(() => {
    void loadFirstPage();
  }, [loadFirstPage]);

  return (
    <Container maxW="3xl" py="6">
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            My Trips
          </Heading>
          <Text color="gray.600">The loads your dispatcher assigned to you.</Text>
          {/* The navigation offers My Trips only: this is the driver's way to their compliance documents. */}
          <RouterLink to="/fleet">
            <Text fontSize="sm" color="blue.600">
              Your CDL and medical card
            </Text>
          </RouterLink>
        </Stack>
        {status === 'loading' && trips.length === 0 ? (
          <Center py="10">
            <Spinner role="status" aria-label="Loading your trips" />
          </Center>
        ) : status === 'failed' && trips.length === 0 ? (
          <Card.Root>
            <Card.Body>
              <Text fontWeight="medium">Your trips could not be loaded</Text>
              <Button mt="3" size="sm" variant="outline" onClick={() => void loadFirstPage()}>
                Try again
              </Button>
            </Card.Body>
          </Card.Root>
        ) : trips.length === 0 ? (
          <Card.Root data-testid="no-trips">
            <Card.Body>
              <Text fontWeight="medium">No trips yet</Text>
              <Text color="gray.600" fontSize="sm">
                A load your dispatcher assigns to you appears here at once.
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack gap="3" data-testid="trips">
            {trips.map((trip) => (
              <TripCard key={trip.id} trip={trip} />
            ))}
            {trips.length < total && (
              <LoadMoreButton loading={status === 'loading'} onClick={() => void loadNextPage()} />
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
