import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { FiFilter, FiPlus } from 'react-icons/fi';
import { PageControls } from '../../components/PageControls';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useAirFreightStore, AIR_PAGE_SIZE } from '../../stores/airFreight';
import { useMyBookingRequestsStore } from '../../stores/bookingRequests';
import { useSessionStore } from '../../stores/session';
import { SubscriptionGate } from '../subscriptions/SubscriptionGate';
import { AirFiltersPanel } from './AirFiltersPanel';
import { AirListingCard } from './AirListingCard';
import { PostAirShipmentDialog } from './PostAirShipmentDialog';

/** SPEC §2 Air Freight Marketplace, behind the subscription gate. */
export function AirFreightPage() {
  return (
    <SubscriptionGate feature="air freight marketplace">
      <AirMarketplace />
    </SubscriptionGate>
  );
}

function AirMarketplace() {
  const user = useSessionStore((s) => s.user);
  const open = useAirFreightStore((s) => s.open);
  const items = useAirFreightStore(selectItems);
  const status = useAirFreightStore(selectStatus);
  const total = useAirFreightStore(selectTotal);
  const marketTotal = useAirFreightStore((s) => s.marketTotal);
  const page = useAirFreightStore((s) => s.page);
  const goToPage = useAirFreightStore((s) => s.goToPage);
  const clearFilters = useAirFreightStore((s) => s.clearFilters);
  const applied = useAirFreightStore((s) => s.applied);
  const [showFilters, setShowFilters] = useState(false);
  const [posting, setPosting] = useState(false);

  useEffect(() => open(), [open]);
  // The viewer's pending requests: their shipments say Requested, also after a reload (issue 23).
  const myRequests = useMyBookingRequestsStore(selectItems);
  const loadMyRequests = useMyBookingRequestsStore((s) => s.load);
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) void loadMyRequests();
  }, [signedIn, loadMyRequests]);
  const requestedIds = useMemo(() => new Set(myRequests.map((r) => r.freightListingId)), [myRequests]);

  const isAirCargo = user?.viewerActions.postAirShipment === true;
  const pages = Math.max(1, Math.ceil(total / AIR_PAGE_SIZE));
  const filtered = Object.values(applied).some((v) => v.trim() !== '');

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} wrap="wrap" gap="3">
          <Box>
            <Heading as="h1" size="2xl">
              Air Freight Marketplace
            </Heading>
            <Text color="gray.600">International air cargo shipments from verified operators</Text>
          </Box>
          <HStack gap="3">
            <Button variant="outline" onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters}>
              <FiFilter aria-hidden />
              Filters
            </Button>
            {isAirCargo && (
              <Button colorPalette="blue" onClick={() => setPosting(true)}>
                <FiPlus aria-hidden />
                Post Air Shipment
              </Button>
            )}
          </HStack>
        </Flex>

        {user && !user.isVerified && (
          <Alert.Root status="warning" colorPalette="orange" data-testid="verification-banner">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Document verification required</Alert.Title>
              <Alert.Description>
                Upload and get your compliance documents approved to book or post air shipments.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {showFilters && <AirFiltersPanel />}

        {status === 'loading' && items.length === 0 ? (
          <Center py="16">
            <Stack align="center">
              <Spinner />
              <Text color="gray.600">Loading air cargo shipments...</Text>
            </Stack>
          </Center>
        ) : status === 'failed' && items.length === 0 ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Could not load air cargo shipments. Please try again.</Alert.Title>
          </Alert.Root>
        ) : items.length === 0 ? (
          <Center py="16">
            <Stack align="center" textAlign="center" gap="3">
              <Heading as="h2" size="lg">
                No Air Cargo Available
              </Heading>
              <Text color="gray.600">
                {filtered
                  ? 'No air cargo matches your search criteria. Try adjusting your filters.'
                  : 'No air cargo shipments are currently available.'}
              </Text>
              <HStack gap="3">
                <Button variant="outline" onClick={() => void clearFilters()}>
                  Clear Filters
                </Button>
                {isAirCargo && (
                  <Button colorPalette="blue" onClick={() => setPosting(true)}>
                    Post Your First Shipment
                  </Button>
                )}
              </HStack>
            </Stack>
          </Center>
        ) : (
          <>
            <Text color="gray.600" fontSize="sm">
              Showing {items.length} of {marketTotal} air shipments
            </Text>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
              {items.map((listing) => (
                <AirListingCard key={listing.id} listing={listing} requested={requestedIds.has(listing.id)} />
              ))}
            </SimpleGrid>
            <PageControls page={Math.max(page, 1)} pages={pages} onPage={(p) => void goToPage(p)} />
          </>
        )}
      </Stack>
      {isAirCargo && <PostAirShipmentDialog open={posting} onClose={() => setPosting(false)} />}
    </Container>
  );
}
