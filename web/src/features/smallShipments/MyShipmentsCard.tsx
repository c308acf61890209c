import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  HStack,
  Heading,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  SMALL_SHIPMENT_ITEM_LABELS,
  SMALL_SHIPMENT_STATUS_LABELS,
  shipmentWorkspacePath,
  type MySmallShipmentDto,
  type ShipmentOfferDto,
} from '@freight/shared';
import { useEffect } from 'react';
import { FiUserCheck } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { PageControls } from '../../components/PageControls';
import { useSubmit } from '../../lib/useSubmit';
import { formatUsDate } from '../../lib/dates';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { MY_SHIPMENTS_PAGE_SIZE, useSmallShipmentsStore } from '../../stores/smallShipments';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { formatDay } from './formatDay';
import { companySuffix } from '../../lib/personName';

const STATUS_COLORS: Record<string, string> = {
  posted: 'blue',
  matched: 'green',
  picked_up: 'purple',
  delivered: 'teal',
  cancelled: 'red',
};
/** A matched shipment has a workspace: the driver's contact, chat, photos and the pickup and delivery reports. */
const HAS_WORKSPACE = new Set(['matched', 'picked_up', 'delivered']);
const OFFER_COLORS: Record<string, string> = { pending: 'yellow', accepted: 'green', declined: 'gray' };
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const dollars = (n: number) => `$${n.toFixed(2)}`;

/**
 * The customer's small shipments with status, and drivers' offers arriving live: on the dashboard, and on
 * /small-shipments (`onPostPage`: without the button to the page it is on).
 */
export function MyShipmentsCard({
  user,
  onPostPage = false,
}: Pick<DashboardSectionProps, 'user'> & { onPostPage?: boolean }) {
  const items = useSmallShipmentsStore(selectItems);
  const status = useSmallShipmentsStore(selectStatus);
  const page = useSmallShipmentsStore((s) => s.page);
  const total = useSmallShipmentsStore(selectTotal);
  const load = useSmallShipmentsStore((s) => s.load);
  const goToPage = useSmallShipmentsStore((s) => s.goToPage);
  const isCustomer = user.viewerActions.postSmallShipments === true;

  useEffect(() => {
    if (isCustomer) void load();
  }, [isCustomer, load]);

  if (!isCustomer) return null;
  const pages = Math.max(1, Math.ceil(total / MY_SHIPMENTS_PAGE_SIZE));

  return (
    <Card.Root data-testid="my-shipments-card">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="2">
            <Heading as="h2" size="md">
              My Shipments
            </Heading>
            <Badge>{total}</Badge>
          </HStack>
          {!onPostPage && (
            <Button asChild size="sm" colorPalette="blue">
              <RouterLink to="/small-shipments">Post Small Load</RouterLink>
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        {status === 'loading' && items.length === 0 ? (
          <Spinner size="sm" />
        ) : status === 'failed' && items.length === 0 ? (
          <Text color="red.600">Could not load your shipments.</Text>
        ) : items.length === 0 ? (
          <Text color="gray.600">You have not posted any shipments yet.</Text>
        ) : (
          <Stack gap="4" separator={<Separator />}>
            {items.map((s) => (
              <ShipmentRow key={s.id} shipment={s} />
            ))}
          </Stack>
        )}
        <PageControls size="xs" page={Math.max(page, 1)} pages={pages} onPage={(p) => void goToPage(p)} />
      </Card.Body>
    </Card.Root>
  );
}

function ShipmentRow({ shipment }: { shipment: MySmallShipmentDto }) {
  const itemLabel =
    shipment.itemType && shipment.itemType in SMALL_SHIPMENT_ITEM_LABELS
      ? SMALL_SHIPMENT_ITEM_LABELS[shipment.itemType as keyof typeof SMALL_SHIPMENT_ITEM_LABELS]
      : null;
  return (
    <Stack gap="2" data-testid="my-shipment">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box>
          <Text fontWeight="semibold">{shipment.title}</Text>
          <Text fontSize="sm" color="gray.600">
            {shipment.originCity}, {shipment.originState} → {shipment.destinationCity},{' '}
            {shipment.destinationState}
            {itemLabel ? ` · ${itemLabel}` : ''}
          </Text>
          <Text fontSize="xs" color="gray.500">
            Posted {formatUsDate(shipment.createdAt)}
            {shipment.pickupDate ? ` · Pickup ${formatDay(shipment.pickupDate)}` : ''}
          </Text>
        </Box>
        <HStack gap="2">
          <Text fontWeight="semibold" data-testid="shipment-price">
            {shipment.agreedPrice != null
              ? `${dollars(shipment.agreedPrice)} agreed (asked ${dollars(shipment.offerPrice)})`
              : dollars(shipment.offerPrice)}
          </Text>
          {shipment.isUrgent && <Badge colorPalette="red">Rush</Badge>}
          <Badge colorPalette={STATUS_COLORS[shipment.status] ?? 'gray'}>
            {SMALL_SHIPMENT_STATUS_LABELS[shipment.status] ?? shipment.status}
          </Badge>
        </HStack>
      </Flex>
      {HAS_WORKSPACE.has(shipment.status) && (
        <Button asChild size="sm" variant="outline" colorPalette="blue" alignSelf="flex-start">
          <RouterLink to={shipmentWorkspacePath(shipment.id)}>Open shipment</RouterLink>
        </Button>
      )}
      {shipment.offers.length > 0 ? (
        <Stack gap="2" pl="3" borderLeftWidth="2px" borderColor="gray.200">
          <Text fontSize="sm" fontWeight="medium">
            Driver offers ({shipment.offers.length})
          </Text>
          {shipment.offers.map((o) => (
            <OfferRow key={o.id} offer={o} canAccept={o.viewerActions?.accept === true} />
          ))}
        </Stack>
      ) : (
        shipment.status === 'posted' && (
          <Text fontSize="sm" color="gray.500">
            Waiting for driver offers…
          </Text>
        )
      )}
    </Stack>
  );
}

function OfferRow({ offer, canAccept }: { offer: ShipmentOfferDto; canAccept: boolean }) {
  const accept = useSmallShipmentsStore((s) => s.accept);
  const { submit: onAccept, pending } = useSubmit(() => accept(offer), {
    successTitle: 'Offer accepted',
    success: `${offer.driverName} will carry your shipment.`,
    failure: { fallback: 'Failed to accept the offer' },
    resetOnSuccess: true,
  });
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-testid="shipment-offer">
      <Box>
        <Text fontSize="sm">
          <Text as="span" fontWeight="semibold">
            {offer.driverName}
          </Text>
          {companySuffix(offer.driverName, offer.driverCompany)} offers {dollars(offer.price)}
        </Text>
        {offer.message && (
          <Text fontSize="sm" color="gray.600">
            “{offer.message}”
          </Text>
        )}
      </Box>
      <HStack gap="2">
        {offer.driverBackgroundChecked && (
          <Badge colorPalette="green" variant="outline" data-testid="driver-background-checked">
            <FiUserCheck aria-hidden /> Background checked
          </Badge>
        )}
        <Badge colorPalette={OFFER_COLORS[offer.status] ?? 'gray'}>{label(offer.status)}</Badge>
        {canAccept && (
          <Button size="xs" colorPalette="green" loading={pending} onClick={() => void onAccept()}>
            Accept Offer
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
