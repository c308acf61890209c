import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Flex,
  Grid,
  Heading,
  HStack,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  SMALL_SHIPMENT_ITEM_LABELS,
  SMALL_SHIPMENT_STATUS_LABELS,
  formatUsd,
  type ShipmentContactDto,
  type ShipmentWorkspaceDto,
} from '@freight/shared';
import { useEffect, type ReactNode } from 'react';
import { FiArrowLeft, FiMail, FiPhone } from 'react-icons/fi';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSocketStore } from '../../lib/socket';
import { enterShipmentRoom, leaveShipmentRoom } from '../../stores/shipmentRoom';
import { useShipmentWorkspaceStore } from '../../stores/shipmentWorkspace';
import { formatDay } from '../smallShipments/formatDay';
import { ShipmentChat } from './ShipmentChat';
import { ShipmentPhotos } from './ShipmentPhotos';
import { ShipmentProgress } from './ShipmentProgress';

export const SHIPMENT_STATUS_COLORS: Record<string, string> = {
  posted: 'blue',
  matched: 'green',
  picked_up: 'purple',
  delivered: 'teal',
  cancelled: 'red',
};

/**
 * A small shipment's workspace (/small-shipments/:id, issue 23): for its customer and its matched driver (admins
 * read). The addresses, the other side's contact, the driver's reports, chat and photos, all live in the room
 * shipment:<id>.
 */
export function ShipmentWorkspacePage() {
  const { id = '' } = useParams();
  const ws = useShipmentWorkspaceStore((s) => s.byId[id]?.data ?? null);
  const status = useShipmentWorkspaceStore((s) => s.byId[id]?.status ?? 'loading');
  const error = useShipmentWorkspaceStore((s) => s.byId[id]?.error ?? null);
  const load = useShipmentWorkspaceStore((s) => s.load);
  const connected = useSocketStore((s) => s.connected);
  const loaded = ws !== null;

  useEffect(() => {
    void load(id);
  }, [id, load]);

  // Live once the workspace is readable (joining is refused to anyone who may not read it).
  useEffect(() => {
    if (!loaded) return;
    void enterShipmentRoom(id);
    return () => leaveShipmentRoom(id);
  }, [id, loaded, connected]);

  if (!ws) {
    return (
      <Container maxW="6xl" py="10">
        {status === 'failed' ? (
          <Stack gap="3" align="center" textAlign="center" data-testid="shipment-not-found">
            <Heading as="h1" size="xl">
              Shipment not found
            </Heading>
            <Text color="gray.600">{error ?? 'This shipment does not exist or is not yours to see.'}</Text>
            <Button asChild variant="outline">
              <RouterLink to="/">Return to Dashboard</RouterLink>
            </Button>
          </Stack>
        ) : (
          <Center py="10">
            <Spinner role="status" aria-label="Loading the shipment" />
          </Center>
        )}
      </Container>
    );
  }
  return <Workspace ws={ws} />;
}

function Workspace({ ws }: { ws: ShipmentWorkspaceDto }) {
  const s = ws.shipment;
  const back =
    ws.role === 'driver'
      ? { to: '/driver-routes', label: 'My Routes' }
      : ws.role === 'customer'
        ? { to: '/small-shipments', label: 'My Shipments' }
        : { to: '/', label: 'Dashboard' };
  const other = ws.role === 'driver' ? ws.customer : ws.driver;
  const itemLabel =
    s.itemType && s.itemType in SMALL_SHIPMENT_ITEM_LABELS
      ? SMALL_SHIPMENT_ITEM_LABELS[s.itemType as keyof typeof SMALL_SHIPMENT_ITEM_LABELS]
      : null;
  const price = s.agreedPrice ?? s.offerPrice;

  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <Button asChild variant="ghost" alignSelf="flex-start" size="sm">
          <RouterLink to={back.to}>
            <FiArrowLeft aria-hidden />
            {back.label}
          </RouterLink>
        </Button>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h1" size="2xl" wordBreak="break-word">
              {s.title}
            </Heading>
            <Text color="gray.700">
              {s.originCity}, {s.originState} → {s.destinationCity}, {s.destinationState}
            </Text>
          </Box>
          <HStack gap="3" wrap="wrap">
            <Text fontWeight="bold" fontSize="lg">
              {formatUsd(price)}
              {s.agreedPrice != null && (
                <Text as="span" fontWeight="normal" fontSize="sm" color="gray.600">
                  {' '}
                  agreed
                </Text>
              )}
            </Text>
            <Badge
              size="lg"
              colorPalette={SHIPMENT_STATUS_COLORS[s.status] ?? 'gray'}
              data-testid="shipment-status"
            >
              {SMALL_SHIPMENT_STATUS_LABELS[s.status] ?? s.status}
            </Badge>
          </HStack>
        </Flex>

        {!ws.driver && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>No driver yet</Alert.Title>
              <Alert.Description>
                Accept a driver’s offer in{' '}
                <RouterLink to="/small-shipments" style={{ textDecoration: 'underline' }}>
                  My Shipments
                </RouterLink>
                ; then you can chat here and follow the pickup and delivery.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap="6" alignItems="start">
          <Stack gap="6" minW="0">
            {ws.driver && <ShipmentProgress ws={ws} />}
            {other && (
              <ContactCard
                title={ws.role === 'driver' ? 'Customer' : 'Your Driver'}
                contact={other}
                extra={
                  ws.role !== 'driver' && ws.offer?.driverBackgroundChecked ? (
                    <Badge colorPalette="green" variant="outline" alignSelf="flex-start">
                      Background checked
                    </Badge>
                  ) : null
                }
              />
            )}
            {ws.role === 'admin' && ws.driver && (
              <ContactCard title="Customer" contact={ws.customer} extra={null} />
            )}
            <Card.Root data-testid="shipment-addresses">
              <Card.Header>
                <Heading as="h2" size="md">
                  Pickup and Delivery
                </Heading>
              </Card.Header>
              <Card.Body gap="4" pt="0">
                <Place
                  label="Pickup"
                  address={s.pickupAddress}
                  city={`${s.originCity}, ${s.originState}`}
                  when={[
                    s.pickupDate ? formatDay(s.pickupDate) : null,
                    s.pickupTime ? `at ${s.pickupTime}` : null,
                  ]}
                />
                <Place
                  label="Delivery"
                  address={s.deliveryAddress}
                  city={`${s.destinationCity}, ${s.destinationState}`}
                  when={[
                    s.deliveryDate ? `needed by ${formatDay(s.deliveryDate)}` : null,
                    s.deliveryTime ? `at ${s.deliveryTime}` : null,
                  ]}
                />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Heading as="h2" size="md">
                  Item
                </Heading>
              </Card.Header>
              <Card.Body gap="2" pt="0">
                <HStack gap="2" wrap="wrap">
                  {itemLabel && <Badge>{itemLabel}</Badge>}
                  {s.isUrgent && <Badge colorPalette="red">Rush</Badge>}
                  {s.isFragile && <Badge colorPalette="orange">Fragile</Badge>}
                </HStack>
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {s.itemDescription}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {[
                    s.weight != null ? `${s.weight} lbs` : null,
                    s.dimensions,
                    s.value != null ? `value ${formatUsd(s.value)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {s.specialInstructions && (
                  <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                    <Text as="span" fontWeight="semibold">
                      Special instructions:{' '}
                    </Text>
                    {s.specialInstructions}
                  </Text>
                )}
              </Card.Body>
            </Card.Root>
          </Stack>
          {ws.driver && (
            <Stack gap="6" minW="0">
              <ShipmentChat shipmentId={ws.id} readOnly={ws.role === 'admin'} />
              <ShipmentPhotos shipmentId={ws.id} readOnly={ws.role === 'admin'} />
            </Stack>
          )}
        </Grid>
      </Stack>
    </Container>
  );
}

function Place({
  label,
  address,
  city,
  when,
}: {
  label: string;
  address: string | null;
  city: string;
  when: Array<string | null>;
}) {
  const whenText = when.filter(Boolean).join(' ');
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" color="gray.600">
        {label}
      </Text>
      {address ? (
        <Text wordBreak="break-word">{address}</Text>
      ) : (
        <Text color="gray.600">No street address given: arrange it in the chat.</Text>
      )}
      <Text fontSize="sm" color="gray.600">
        {city}
        {whenText ? ` · ${whenText}` : ''}
      </Text>
    </Box>
  );
}

function ContactCard({
  title,
  contact,
  extra,
}: {
  title: string;
  contact: ShipmentContactDto;
  extra: ReactNode;
}) {
  return (
    <Card.Root data-testid="shipment-contact">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="2" pt="0">
        <Text fontWeight="semibold">{contact.name}</Text>
        {extra}
        {contact.phone ? (
          <HStack gap="2">
            <FiPhone aria-hidden />
            <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} color="blue.700">
              {contact.phone}
            </Link>
          </HStack>
        ) : (
          <Text fontSize="sm" color="gray.600">
            No phone number given
          </Text>
        )}
        <HStack gap="2" minW="0">
          <Box flexShrink={0}>
            <FiMail aria-hidden />
          </Box>
          <Link href={`mailto:${contact.email}`} color="blue.700" wordBreak="break-all">
            {contact.email}
          </Link>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
