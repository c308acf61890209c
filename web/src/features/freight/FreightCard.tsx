import { Badge, Button, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { placeName, type FreightListingDto, type UserDto } from '@freight/shared';
import {
  equipmentLabel,
  formatDay,
  formatMoney,
  ratePerMile,
  statusColor,
  statusLabel,
  posterLabel,
  stopsBetweenText,
  tripMiles,
} from './format';
import { memo } from 'react';
import { LoadActions } from './LoadActions';
import { PosterRating } from '../companies/PosterRating';
import { formatNumber } from '../../lib/formatters';

interface FreightCardProps {
  listing: FreightListingDto;
  user: UserDto | null;
  highlighted?: boolean;
  /** The viewer has a pending booking request for this load. */
  requested?: boolean;
  onBook: (listing: FreightListingDto) => void;
  onOffer: (listing: FreightListingDto) => void;
  onViewDetails: (listing: FreightListingDto) => void;
  onSignInToBook: (listing: FreightListingDto) => void;
  /** Miles from the searched origin to the pickup; undefined when the board has no origin search. */
  deadheadMiles?: number | null;
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="gray.500">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {value || 'N/A'}
      </Text>
    </Stack>
  );
}

/**
 * One load on the board (SPEC §2): route, facts, status badge and the booking buttons. Memoized: the board re-renders
 * (a page answer, a live push, cards added a few at a time) without drawing again the cards whose load is unchanged
 * (issue 24), so its handlers are stable (useStableCallback).
 */
export const FreightCard = memo(function FreightCard({
  listing: l,
  user,
  highlighted,
  requested,
  onBook,
  onOffer,
  onViewDetails,
  onSignInToBook,
  deadheadMiles,
}: FreightCardProps) {
  const route = `${placeName(l.originCity, l.originState)} → ${placeName(l.destinationCity, l.destinationState)}`;

  return (
    <Card.Root
      as="article"
      aria-label={`Load ${route}`}
      data-testid="freight-card"
      data-load-id={l.id}
      data-status={l.status}
      borderColor={highlighted ? 'blue.400' : undefined}
      borderWidth={highlighted ? '2px' : undefined}
    >
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h3" size="md">
              {route}
            </Heading>
            <Text fontSize="sm" color="gray.600">
              {l.title}
            </Text>
          </Stack>
          <HStack>
            {l.extraStopCount > 0 && (
              <Badge variant="outline" data-testid="extra-stop-count">
                {stopsBetweenText(l.extraStopCount)}
              </Badge>
            )}
            {l.isUrgent && <Badge colorPalette="red">Urgent</Badge>}
            <Badge colorPalette={statusColor(l.status)} data-testid="freight-status">
              {statusLabel(l.status)}
            </Badge>
          </HStack>
        </Flex>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Fact label="Equipment" value={equipmentLabel(l.equipmentType)} />
          <Fact label="Distance" value={tripMiles(l)} />
          {deadheadMiles !== undefined && (
            <Fact label="Deadhead" value={deadheadMiles == null ? null : `${deadheadMiles} mi`} />
          )}
          <Fact label="Weight" value={l.weight != null ? `${formatNumber(l.weight)} lbs` : null} />
          <Fact label="Rate" value={formatMoney(l.rate)} />
          <Fact label="Rate per Mile" value={ratePerMile(l)} />
          <Fact label="Pickup Date" value={formatDay(l.pickupDate)} />
          <Fact label="Commodity" value={l.commodity} />
          <Stack gap="0">
            <Fact label="Company" value={l.userMcNumber ? posterLabel(l) : l.userCompanyName} />
            <PosterRating rating={l.posterRating} partyId={l.companyId ?? l.userId} />
          </Stack>
        </SimpleGrid>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => onViewDetails(l)}>
            View Details
          </Button>
          <LoadActions
            listing={l}
            user={user}
            requested={requested}
            onBook={onBook}
            onOffer={onOffer}
            onSignInToBook={() => onSignInToBook(l)}
          />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
});
