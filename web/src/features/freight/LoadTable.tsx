import { renderNow } from '../../lib/serverData';
import { Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { deadheadMilesOf, type FreightListingDto, type UserDto } from '@freight/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LoadActions } from './LoadActions';
import {
  equipmentLabel,
  formatAge,
  formatDay,
  formatMoney,
  posterLabel,
  ratePerMile,
  tripMiles,
} from './format';
import { formatNumber } from '../../lib/formatters';

interface LoadTableProps {
  loads: FreightListingDto[];
  user: UserDto | null;
  /** The searched origin, for the deadhead column (null: no origin search, the column shows —). */
  origin: { lat: number; lng: number } | null;
  marks: Record<string, 'new' | 'changed'>;
  requestedIds: ReadonlySet<string>;
  onViewDetails: (listing: FreightListingDto) => void;
  onBook: (listing: FreightListingDto) => void;
  onOffer: (listing: FreightListingDto) => void;
  /** Signed out: sign in, then book this load (issue 23). */
  onSignInToBook: (listing: FreightListingDto) => void;
}

/** The time now, moved on every 30 s, so ages read "5 min ago" without a reload. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const dash = (v: string | null | undefined) => v || '—';
const place = (city: string, state: string) => `${city}, ${state}`;
const sizeOf = (l: FreightListingDto) =>
  [
    l.equipmentLength ? `${l.equipmentLength} ft` : null,
    l.weight != null ? `${formatNumber(l.weight)} lbs` : null,
  ]
    .filter(Boolean)
    .join(' · ') || null;

/**
 * The dense board (issue 15): one row per load, the row's actions at its end. Arrow keys move between rows, Enter
 * opens the load, Tab reaches the row's buttons. Below md the same loads read as a compact list.
 */
export function LoadTable({
  loads,
  user,
  origin,
  marks,
  requestedIds,
  onViewDetails,
  onBook,
  onOffer,
  onSignInToBook,
}: LoadTableProps) {
  const now = useNow();
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const activeRow = Math.min(active, Math.max(loads.length - 1, 0));
  const deadhead = (l: FreightListingDto) => {
    const miles = origin ? (l.deadheadMiles ?? deadheadMilesOf(origin, l)) : null;
    return miles == null ? null : `${miles} mi`;
  };
  const actions = (l: FreightListingDto, size: 'xs' | 'sm') => (
    <LoadActions
      listing={l}
      user={user}
      requested={requestedIds.has(l.id)}
      onBook={onBook}
      onOffer={onOffer}
      onSignInToBook={() => onSignInToBook(l)}
      size={size}
    />
  );
  const markBadge = (l: FreightListingDto) =>
    marks[l.id] && (
      <Badge colorPalette={marks[l.id] === 'new' ? 'green' : 'yellow'} size="sm" ml="1">
        {marks[l.id] === 'new' ? 'New' : 'Updated'}
      </Badge>
    );
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, l: FreightListingDto) => {
    if (event.target !== event.currentTarget) return; // a key on one of the row's buttons is the button's
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (move) {
      event.preventDefault();
      const next = Math.min(Math.max(index + move, 0), loads.length - 1);
      setActive(next);
      rows.current[next]?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onViewDetails(l);
    }
  };

  return (
    <>
      <Box hideBelow="md" overflowX="auto" borderWidth="1px" borderRadius="md" bg="white">
        <Table.Root size="sm" aria-label="Loads" data-testid="load-table">
          <Table.Header>
            <Table.Row>
              {[
                'Age',
                'Pickup',
                'Origin',
                'Deadhead',
                'Destination',
                'Trip',
                'Equipment',
                'Length / Weight',
                'Rate',
                'Rate/mi',
                'Posted by',
                'Actions',
              ].map((h) => (
                <Table.ColumnHeader key={h} whiteSpace="nowrap">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loads.map((l, index) => (
              <Table.Row
                key={l.id}
                ref={(el) => {
                  rows.current[index] = el;
                }}
                tabIndex={index === activeRow ? 0 : -1}
                onFocus={() => setActive(index)}
                onKeyDown={(e) => onRowKey(e, index, l)}
                aria-label={`Load ${place(l.originCity, l.originState)} → ${place(l.destinationCity, l.destinationState)}`}
                data-mark={marks[l.id]}
                bg={marks[l.id] === 'new' ? 'green.50' : marks[l.id] === 'changed' ? 'yellow.50' : undefined}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
                cursor="pointer"
                onDoubleClick={() => onViewDetails(l)}
              >
                <Table.Cell whiteSpace="nowrap">
                  {formatAge(l.createdAt, now)}
                  {markBadge(l)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{dash(formatDay(l.pickupDate))}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{place(l.originCity, l.originState)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{dash(deadhead(l))}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{place(l.destinationCity, l.destinationState)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{dash(tripMiles(l)?.replace(' miles', ' mi'))}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{equipmentLabel(l.equipmentType)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{dash(sizeOf(l))}</Table.Cell>
                <Table.Cell whiteSpace="nowrap" fontWeight="semibold">
                  {dash(formatMoney(l.rate))}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{dash(ratePerMile(l))}</Table.Cell>
                <Table.Cell>{posterLabel(l)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" wrap="wrap">
                    {actions(l, 'xs')}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>

      <Stack
        hideFrom="md"
        gap="0"
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        role="list"
        aria-label="Loads"
      >
        {loads.map((l) => (
          <Box
            key={l.id}
            role="listitem"
            px="3"
            py="2"
            borderBottomWidth="1px"
            bg={marks[l.id] === 'new' ? 'green.50' : marks[l.id] === 'changed' ? 'yellow.50' : undefined}
          >
            <HStack justify="space-between" align="start" gap="2">
              <Text fontWeight="semibold" fontSize="sm">
                {place(l.originCity, l.originState)} → {place(l.destinationCity, l.destinationState)}
                {markBadge(l)}
              </Text>
              <Text fontWeight="semibold" fontSize="sm" whiteSpace="nowrap">
                {dash(formatMoney(l.rate))}
              </Text>
            </HStack>
            <Text fontSize="xs" color="gray.600">
              {[
                formatAge(l.createdAt, now),
                equipmentLabel(l.equipmentType),
                tripMiles(l)?.replace(' miles', ' mi'),
                ratePerMile(l),
                deadhead(l) ? `DH ${deadhead(l)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <HStack gap="1" mt="1" wrap="wrap">
              <Text
                as="button"
                fontSize="xs"
                color="blue.700"
                textDecoration="underline"
                onClick={() => onViewDetails(l)}
              >
                Details
              </Text>
              {actions(l, 'xs')}
            </HStack>
          </Box>
        ))}
      </Stack>
    </>
  );
}
