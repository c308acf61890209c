import { Badge, Box, Button, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  AIR_WEIGHT_CLASS_LABELS,
  CARGO_TYPE_LABELS,
  VERIFY_TO_BOOK_TEXT,
  ratePerMileOf,
  type FreightListingDto,
  isCarrierOnLoad,
} from '@freight/shared';
import { useId } from 'react';
import { FiStar } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { useSubmit } from '../../lib/useSubmit';
import { useMyBookingRequestsStore } from '../../stores/bookingRequests';
import { useSessionStore } from '../../stores/session';
import { formatDay } from '../smallShipments/formatDay';
import { PosterRating } from '../companies/PosterRating';

const STATUS_COLORS: Record<string, string> = {
  available: 'green',
  booked: 'blue',
  in_transit: 'purple',
  delivered: 'teal',
  cancelled: 'red',
};

const money = (n: number | null) =>
  n == null ? 'TBD' : `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
const equipmentLabel = (s: string) => s.split('_').map(capitalise).join(' ');

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="gray.500">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {value}
      </Text>
    </Box>
  );
}

/**
 * One air shipment. Book Now only where the server says the viewer may book it (issue 23: air cargo operators, not on
 * their own shipment); it sends a booking request, so the card then says Requested until the poster answers. Track
 * for the shipment's own parties once it is booked.
 */
export function AirListingCard({ listing, requested }: { listing: FreightListingDto; requested?: boolean }) {
  const user = useSessionStore((s) => s.user);
  const request = useMyBookingRequestsStore((s) => s.request);
  const perMile = ratePerMileOf(listing.rate, listing.distance);
  const available = listing.status === 'available';
  const state = available ? listing.viewerActions?.book : undefined;
  const book = state === 'verify' && user?.isVerified ? 'allowed' : state;
  const party = Boolean(user) && (listing.userId === user?.id || listing.carrierId === user?.id);
  const trackable = party && isCarrierOnLoad(listing.status);
  const reasonId = useId();

  const { submit: onBook, pending: booking } = useSubmit(() => request(listing.id), {
    success: (message) => message,
    failure: 'Failed to book freight. Please try again.',
    resetOnSuccess: true,
  });

  return (
    <Card.Root data-testid="air-listing" data-load-id={listing.id}>
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stack gap="1">
            <Heading as="h3" size="md">
              {listing.originCity}
              {listing.originCountry ? `, ${listing.originCountry}` : ''} → {listing.destinationCity}
              {listing.destinationCountry ? `, ${listing.destinationCountry}` : ''}
            </Heading>
            <Text fontSize="sm" color="gray.600">
              {listing.userCompanyName ?? 'Unknown Company'}
            </Text>
          </Stack>
          <HStack gap="2">
            {listing.isUrgent && <Badge colorPalette="red">Urgent</Badge>}
            <Badge colorPalette={STATUS_COLORS[listing.status] ?? 'gray'}>
              {capitalise(listing.status ?? 'available')}
            </Badge>
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Fact label="Equipment" value={equipmentLabel(listing.equipmentType)} />
          <Fact
            label="Distance"
            value={listing.distance != null ? `${listing.distance.toLocaleString('en-US')} mi` : 'N/A'}
          />
          <Fact label="Rate" value={money(listing.rate)} />
          <Fact label="Rate per Mile" value={perMile != null ? `$${perMile.toFixed(2)}` : 'N/A'} />
          <Fact label="Pickup" value={formatDay(listing.pickupDate) || 'ASAP'} />
          <Fact label="Delivery" value={formatDay(listing.deliveryDate) || 'TBD'} />
          <Fact
            label="Weight"
            value={listing.weight != null ? `${listing.weight.toLocaleString('en-US')} lbs` : 'N/A'}
          />
          <Fact
            label="Cargo Type"
            value={
              listing.cargoType ? (CARGO_TYPE_LABELS[listing.cargoType] ?? listing.cargoType) : 'General'
            }
          />
          <Fact
            label="Weight Class"
            value={
              listing.weightClass
                ? (AIR_WEIGHT_CLASS_LABELS[listing.weightClass] ?? listing.weightClass)
                : 'N/A'
            }
          />
        </SimpleGrid>
        {listing.description && (
          <Text fontSize="sm" color="gray.700">
            {listing.description}
          </Text>
        )}
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <HStack gap="1" color="orange.700" fontSize="sm">
            <FiStar aria-hidden />
            <PosterRating rating={listing.posterRating} partyId={listing.companyId ?? listing.userId} />
          </HStack>
          <HStack gap="2" wrap="wrap" justify="flex-end">
            {book === 'verify' && (
              <>
                <Text id={reasonId} fontSize="xs" color="gray.600">
                  {VERIFY_TO_BOOK_TEXT}
                </Text>
                <Button size="sm" disabled aria-describedby={reasonId}>
                  Verification Required
                </Button>
              </>
            )}
            {book === 'allowed' &&
              (requested ? (
                <Button size="sm" disabled>
                  Requested
                </Button>
              ) : (
                <Button colorPalette="blue" size="sm" loading={booking} onClick={() => void onBook()}>
                  Book Now
                </Button>
              ))}
            {trackable && (
              <Button asChild size="sm" variant="outline" colorPalette="blue">
                <RouterLink to={`/tracking/${listing.id}`}>Track</RouterLink>
              </Button>
            )}
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
