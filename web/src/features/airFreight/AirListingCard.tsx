import { Badge, Box, Button, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  AIR_WEIGHT_CLASS_LABELS,
  CARGO_TYPE_LABELS,
  ratePerMileOf,
  type FreightListingDto,
} from '@freight/shared';
import { FiStar } from 'react-icons/fi';
import { useSubmit } from '../../lib/useSubmit';
import { formatDay } from '../smallShipments/formatDay';
import { useAirFreightStore } from '../../stores/airFreight';
import { useSessionStore } from '../../stores/session';

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

export function AirListingCard({ listing }: { listing: FreightListingDto }) {
  const user = useSessionStore((s) => s.user);
  const book = useAirFreightStore((s) => s.book);
  const perMile = ratePerMileOf(listing.rate, listing.distance);
  const available = listing.status === 'available';
  const own = user?.id === listing.userId;

  const { submit: onBook, pending: booking } = useSubmit(() => book(listing.id), {
    success: 'Freight booked successfully!',
    failure: 'Failed to book freight. Please try again.',
    resetOnSuccess: true,
  });

  return (
    <Card.Root data-testid="air-listing">
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
            <Text>4.8 Rating</Text>
          </HStack>
          {available && !own && (
            <Button
              colorPalette="blue"
              size="sm"
              disabled={!user?.isVerified}
              loading={booking}
              onClick={() => void onBook()}
            >
              {user?.isVerified ? 'Book Now' : 'Verification Required'}
            </Button>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
