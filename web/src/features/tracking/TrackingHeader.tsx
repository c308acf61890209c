import { Badge, Card, DataList, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { placeName, type TrackingFreightDto } from '@freight/shared';
import { formatUsDate, formatUsDateTime } from '../../lib/dates';
import { loadReference, trackingRoute } from '../../lib/loadReference';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { cargoTypeLabel, formatMiles, formatPrice, statusColor, statusLabel } from './format';

/** SPEC §2: 'Freight Tracking #id' (the short reference) with the route, status and Urgent badges, price and distance, places, dates, last update. */
export function TrackingHeader({ freight }: { freight: TrackingFreightDto }) {
  // The newest report: the position store's (a report just sent or pushed) before the load's own, so this row and the
  // carrier's 'Last sent' line never disagree.
  const reported = useLoadPositionStore(
    (s) => s.byId[freight.id]?.data?.location?.lastLocationUpdate ?? null,
  );
  const lastUpdate = [reported, freight.lastLocationUpdate]
    .filter((v): v is string => Boolean(v))
    .sort()
    .at(-1);
  const rows = [
    { label: 'Cargo Type', value: cargoTypeLabel(freight) },
    {
      label: 'Pickup',
      value: `${placeName(freight.pickupCity, freight.pickupState)}${freight.pickupDate ? ` · ${formatUsDate(freight.pickupDate)}` : ''}`,
    },
    {
      label: 'Delivery',
      value: `${placeName(freight.deliveryCity, freight.deliveryState)}${freight.deliveryDate ? ` · ${formatUsDate(freight.deliveryDate)}` : ''}`,
    },
    {
      label: 'Last Update',
      value: lastUpdate ? formatUsDateTime(lastUpdate) : 'No location reported yet',
    },
    // Marked delivered away from the delivery place: the carrier's reason (issue 16).
    ...(freight.deliveryNote ? [{ label: 'Delivery note', value: freight.deliveryNote }] : []),
  ];
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="2">
            <HStack gap="3" wrap="wrap">
              <Heading as="h1" size="xl">
                Freight Tracking {loadReference(freight.id)}
              </Heading>
              <Badge data-testid="tracking-status" colorPalette={statusColor(freight.status)}>
                {statusLabel(freight.status)}
              </Badge>
              {freight.isUrgent && (
                <Badge colorPalette="red" variant="solid">
                  Urgent
                </Badge>
              )}
            </HStack>
            <Text fontWeight="medium" data-testid="tracking-route">
              {trackingRoute(freight)}
            </Text>
            <Text color="gray.600">{freight.title}</Text>
          </Stack>
          <Stack gap="0" textAlign={{ md: 'right' }}>
            <Text fontSize="2xl" fontWeight="bold" color="green.600">
              {formatPrice(freight.price)}
            </Text>
            <Text color="gray.600">{formatMiles(freight.distance) ?? 'Distance N/A'}</Text>
          </Stack>
        </Stack>
        <DataList.Root orientation="horizontal" size="sm">
          {rows.map((row) => (
            <DataList.Item key={row.label}>
              <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
              <DataList.ItemValue data-testid={`tracking-${row.label.toLowerCase().replace(/ /g, '-')}`}>
                {row.value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
