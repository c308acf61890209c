import { Badge, Box, Button, Card, Flex, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import { SMALL_SHIPMENT_STATUS_LABELS, formatUsd, shipmentWorkspacePath } from '@freight/shared';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageControls } from '../../components/PageControls';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { CARRIED_PAGE_SIZE, useCarriedShipmentsStore } from '../../stores/carriedShipments';
import { formatDay } from '../smallShipments/formatDay';
import { SHIPMENT_STATUS_COLORS } from './ShipmentWorkspacePage';

/** My Routes: the shipments the driver carries (offers the customers accepted), each opening its workspace. */
export function CarriedShipmentsCard() {
  const items = useCarriedShipmentsStore(selectItems);
  const status = useCarriedShipmentsStore(selectStatus);
  const total = useCarriedShipmentsStore(selectTotal);
  const page = useCarriedShipmentsStore((s) => s.page);
  const load = useCarriedShipmentsStore((s) => s.load);
  const goToPage = useCarriedShipmentsStore((s) => s.goToPage);

  useEffect(() => {
    void load();
  }, [load]);

  const pages = Math.max(1, Math.ceil(total / CARRIED_PAGE_SIZE));
  return (
    <Card.Root data-testid="carried-shipments">
      <Card.Header>
        <HStack gap="2">
          <Heading as="h2" size="lg">
            My Shipments to Carry
          </Heading>
          <Badge>{total}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="3" pt="0">
        {status === 'loading' && items.length === 0 ? (
          <Spinner size="sm" role="status" aria-label="Loading your shipments" />
        ) : status === 'failed' && items.length === 0 ? (
          <Text color="red.600">Could not load your shipments.</Text>
        ) : items.length === 0 ? (
          <Text color="gray.600">
            When a customer accepts your offer, the shipment appears here with its addresses and the
            customer&apos;s contact.
          </Text>
        ) : (
          items.map((s) => (
            <Flex
              key={s.id}
              justify="space-between"
              align="center"
              gap="3"
              wrap="wrap"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              data-testid="matched-shipment"
            >
              <Box minW="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{s.title}</Text>
                  <Badge colorPalette={SHIPMENT_STATUS_COLORS[s.status] ?? 'gray'}>
                    {SMALL_SHIPMENT_STATUS_LABELS[s.status] ?? s.status}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="gray.600">
                  {s.originCity}, {s.originState} → {s.destinationCity}, {s.destinationState}
                  {s.pickupDate ? ` · Pickup ${formatDay(s.pickupDate)}` : ''}
                </Text>
                {s.pickupAddress && (
                  <Text fontSize="sm" color="gray.700" wordBreak="break-word">
                    Pickup: {s.pickupAddress}
                  </Text>
                )}
              </Box>
              <HStack gap="3">
                <Text fontWeight="bold">{formatUsd(s.offer.price)}</Text>
                <Button asChild size="sm" colorPalette="blue">
                  <RouterLink to={shipmentWorkspacePath(s.id)}>Open shipment</RouterLink>
                </Button>
              </HStack>
            </Flex>
          ))
        )}
        <PageControls size="xs" page={Math.max(page, 1)} pages={pages} onPage={(p) => void goToPage(p)} />
      </Card.Body>
    </Card.Root>
  );
}
