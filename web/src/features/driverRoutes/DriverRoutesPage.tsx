import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Flex,
  HStack,
  Heading,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  DRIVER_PRICING_LABELS,
  DRIVER_VEHICLE_LABELS,
  SMALL_SHIPMENT_ITEM_LABELS,
  shipmentWorkspacePath,
  type DriverRouteDto,
  type RouteMatchDto,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import { FiPlus } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { PageControls } from '../../components/PageControls';
import { useSubmit } from '../../lib/useSubmit';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { ROUTES_PAGE_SIZE, useDriverRoutesStore } from '../../stores/driverRoutes';
import { MATCHES_PAGE_SIZE } from '../../stores/routeMatchEvents';
import { useRouteMatchesStore } from '../../stores/routeMatches';
import { useSessionStore } from '../../stores/session';
import { formatDay } from '../smallShipments/formatDay';
import { TrackedLoadsPage } from '../tracking/TrackedLoadsPage';
import { BackgroundCheckNotice } from '../backgroundChecks/BackgroundCheckNotice';
import { CarriedShipmentsCard } from '../shipmentWorkspace/CarriedShipmentsCard';
import { OfferDialog } from './OfferDialog';
import { RouteFormDialog } from './RouteFormDialog';

/** SPEC §2 /driver-routes: the driver's routes (with matching shipments and offers), then the tracking screen. */
export function DriverRoutesPage() {
  const offerRoutes = useSessionStore((s) => s.user?.viewerActions.offerRoutes === true);
  return (
    <>
      {offerRoutes && <MyRoutes />}
      <TrackedLoadsPage embedded={offerRoutes} />
    </>
  );
}

function MyRoutes() {
  const routes = useDriverRoutesStore(selectItems);
  const status = useDriverRoutesStore(selectStatus);
  const page = useDriverRoutesStore((s) => s.page);
  const total = useDriverRoutesStore(selectTotal);
  const load = useDriverRoutesStore((s) => s.load);
  const goToPage = useDriverRoutesStore((s) => s.goToPage);
  const [editing, setEditing] = useState<DriverRouteDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);

  const pages = Math.max(1, Math.ceil(total / ROUTES_PAGE_SIZE));
  return (
    <Container maxW="7xl" pt="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Box>
            <Heading as="h1" size="2xl">
              My Routes
            </Heading>
            <Text color="gray.600">Post the trips you are making and pick up shipments along the way.</Text>
          </Box>
          <Button
            colorPalette="blue"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <FiPlus aria-hidden />
            Add Route
          </Button>
        </Flex>
        <BackgroundCheckNotice />
        <CarriedShipmentsCard />
        {status === 'loading' && routes.length === 0 ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : status === 'failed' && routes.length === 0 ? (
          <Text color="red.600">Could not load your routes.</Text>
        ) : routes.length === 0 ? (
          <Card.Root>
            <Card.Body alignItems="center" textAlign="center" gap="2">
              <Heading as="h2" size="md">
                No Routes Yet
              </Heading>
              <Text color="gray.600">Add the trips you are making to see shipments along your way.</Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack gap="4">
            {routes.map((r) => (
              <RouteCard
                key={r.id}
                route={r}
                onEdit={() => {
                  setEditing(r);
                  setFormOpen(true);
                }}
              />
            ))}
          </Stack>
        )}
        <PageControls page={Math.max(page, 1)} pages={pages} onPage={(p) => void goToPage(p)} />
        <Separator />
      </Stack>
      <RouteFormDialog route={editing} open={formOpen} onClose={() => setFormOpen(false)} />
    </Container>
  );
}

function RouteCard({ route, onEdit }: { route: DriverRouteDto; onEdit: () => void }) {
  const matches = useRouteMatchesStore((s) => s.lists[route.id]);
  const loadMatches = useRouteMatchesStore((s) => s.load);
  const hideMatches = useRouteMatchesStore((s) => s.hide);
  const close = useDriverRoutesStore((s) => s.close);
  const [offering, setOffering] = useState<RouteMatchDto | null>(null);
  const active = route.status === 'active';

  // Active routes show their matches from the start, so new shipments appear as they are posted.
  useEffect(() => {
    if (active) void loadMatches(route.id, 1);
  }, [active, route.id, loadMatches]);

  const { submit: onClose, pending: closing } = useSubmit(() => close(route.id), {
    successTitle: 'Route closed',
    onSuccess: () => hideMatches(route.id),
    failure: { fallback: 'Failed to close route' },
    resetOnSuccess: true,
  });

  const price =
    route.pricingType === 'fixed' && route.fixedPrice != null
      ? `$${route.fixedPrice.toFixed(2)} fixed`
      : route.pricingType === 'per_mile' && route.pricePerMile != null
        ? `$${route.pricePerMile.toFixed(2)}/mile`
        : DRIVER_PRICING_LABELS[route.pricingType as keyof typeof DRIVER_PRICING_LABELS];
  const pages = matches ? Math.max(1, Math.ceil(matches.total / MATCHES_PAGE_SIZE)) : 1;

  return (
    <Card.Root data-testid="driver-route" opacity={active ? 1 : 0.7}>
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box>
            <HStack gap="2">
              <Heading as="h2" size="md">
                {route.title}
              </Heading>
              <Badge colorPalette={active ? 'green' : 'gray'}>{active ? 'Active' : 'Closed'}</Badge>
            </HStack>
            <Text color="gray.700">
              {route.originCity}, {route.originState} → {route.destinationCity}, {route.destinationState}
            </Text>
            <Text fontSize="sm" color="gray.600">
              Departs {formatDay(route.departureDate)}
              {route.departureTime ? ` at ${route.departureTime}` : ''} ·{' '}
              {DRIVER_VEHICLE_LABELS[route.vehicleType as keyof typeof DRIVER_VEHICLE_LABELS] ??
                route.vehicleType}{' '}
              · {price}
              {route.isFlexible ? ' · Flexible' : ''}
            </Text>
          </Box>
          {active && (
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={onEdit}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                loading={closing}
                onClick={() => void onClose()}
              >
                Close Route
              </Button>
            </HStack>
          )}
        </Flex>
      </Card.Header>
      {active && (
        <Card.Body pt="0">
          <Stack gap="3">
            <HStack justify="space-between">
              <Text fontWeight="semibold">Matching shipments {matches ? `(${matches.total})` : ''}</Text>
              {matches ? (
                <Button size="xs" variant="ghost" onClick={() => hideMatches(route.id)}>
                  Hide
                </Button>
              ) : (
                <Button size="xs" variant="ghost" onClick={() => void loadMatches(route.id, 1)}>
                  Show
                </Button>
              )}
            </HStack>
            {matches?.status === 'loading' && matches.items.length === 0 && <Spinner size="sm" />}
            {matches?.status === 'loaded' && matches.items.length === 0 && (
              <Text fontSize="sm" color="gray.600">
                No posted shipments match this route yet. New ones appear here as they are posted.
              </Text>
            )}
            {matches?.items.map((m) => (
              <MatchRow key={m.id} match={m} onOffer={() => setOffering(m)} />
            ))}
            {matches && pages > 1 && (
              <HStack justify="center" gap="3">
                <Button
                  size="xs"
                  variant="outline"
                  disabled={matches.page <= 1}
                  onClick={() => void loadMatches(route.id, matches.page - 1)}
                >
                  Previous
                </Button>
                <Text fontSize="sm">
                  Page {matches.page} of {pages}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={matches.page >= pages}
                  onClick={() => void loadMatches(route.id, matches.page + 1)}
                >
                  Next
                </Button>
              </HStack>
            )}
          </Stack>
        </Card.Body>
      )}
      <OfferDialog shipment={offering} routeId={route.id} onClose={() => setOffering(null)} />
    </Card.Root>
  );
}

const OFFER_COLORS: Record<string, string> = { pending: 'yellow', accepted: 'green', declined: 'gray' };

function MatchRow({ match, onOffer }: { match: RouteMatchDto; onOffer: () => void }) {
  const itemLabel =
    match.itemType && match.itemType in SMALL_SHIPMENT_ITEM_LABELS
      ? SMALL_SHIPMENT_ITEM_LABELS[match.itemType as keyof typeof SMALL_SHIPMENT_ITEM_LABELS]
      : null;
  const offer = match.myOffer;
  return (
    <Flex
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="route-match"
    >
      <Box>
        <HStack gap="2">
          <Text fontWeight="semibold">{match.title}</Text>
          {match.isUrgent && <Badge colorPalette="red">Rush</Badge>}
          {match.isFragile && <Badge colorPalette="orange">Fragile</Badge>}
        </HStack>
        <Text fontSize="sm" color="gray.600">
          {match.originCity}, {match.originState} → {match.destinationCity}, {match.destinationState}
          {itemLabel ? ` · ${itemLabel}` : ''}
          {match.weight != null ? ` · ${match.weight} lbs` : ''}
          {match.pickupDate ? ` · Pickup ${formatDay(match.pickupDate)}` : ''}
        </Text>
        <Text fontSize="sm" color="gray.700">
          {match.itemDescription}
        </Text>
      </Box>
      <HStack gap="3">
        <Text fontWeight="bold">${match.offerPrice.toFixed(2)}</Text>
        {offer && (
          <Badge colorPalette={OFFER_COLORS[offer.status] ?? 'gray'}>
            Your offer ${offer.price.toFixed(2)}: {offer.status}
          </Badge>
        )}
        {offer?.status === 'accepted' && (
          <Button asChild size="sm" variant="outline" colorPalette="blue">
            <RouterLink to={shipmentWorkspacePath(match.id)}>Open shipment</RouterLink>
          </Button>
        )}
        {match.viewerActions?.offer && (
          <Button size="sm" colorPalette="blue" onClick={onOffer}>
            {offer ? 'Update Offer' : 'Make Offer'}
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
