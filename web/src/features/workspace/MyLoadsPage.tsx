import {
  Badge,
  Card,
  Center,
  Container,
  HStack,
  Heading,
  Link,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import {
  placeName,
  type BookingRequestDto,
  type FreightListingDto,
  type NegotiationDto,
  type TrackedLoadDto,
} from '@freight/shared';
import { useEffect, type ReactNode } from 'react';
import { FiInbox } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageControls } from '../../components/PageControls';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useOffersStore } from '../../stores/offers';
import { useSessionStore } from '../../stores/session';
import { useTrackedLoadsStore } from '../../stores/trackedLoads';
import { AssignButton, assignmentSummary } from '../fleet/AssignmentCard';
import { WORKSPACE_PAGE_SIZE, useMyListingsStore, useMyRequestsStore } from '../../stores/workspace';
import { BookingRequestsCard } from '../freight/BookingRequestsCard';
import { formatMoney, statusColor, statusLabel } from '../freight/format';
import { MyOffersPanel } from '../freight/MyOffersPanel';
import { NegotiationHistory } from '../negotiations/NegotiationHistory';
import { LoadDocumentLinks } from '../tracking/LoadDocumentLinks';
import { REQUEST_OUTCOME, nextCarrierStep, nextPosterStep, offerOutcome } from './nextSteps';

/**
 * /my-loads (issue 15): a carrier's workspace (requests, booked, in transit and delivered loads with the next step
 * of each, and every offer with its history and outcome); a shipper's or broker's posted loads with theirs.
 */
export function MyLoadsPage() {
  const user = useSessionStore((s) => s.user);
  // A carrier's workspace is its requests and offers; air cargo operators both post air shipments and book other
  // operators' (issue 23): both halves, in two tabs.
  const carrier = user?.viewerActions.makeOffers === true;
  const air = user?.viewerActions.postAirShipment === true;
  const requests = user?.userType ? (
    <BookingRequestsCard user={{ ...user, userType: user.userType }} />
  ) : null;
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            My Loads
          </Heading>
          <Text color="gray.600">
            {carrier
              ? 'Your requests, booked loads and offers, each with what comes next.'
              : air
                ? 'The shipments you posted with their booking requests, and the ones you booked.'
                : 'The loads you posted, each with what comes next.'}
          </Text>
        </Stack>
        {air ? (
          <Tabs.Root defaultValue="posted" variant="enclosed">
            <Tabs.List>
              <Tabs.Trigger value="posted">Posted</Tabs.Trigger>
              <Tabs.Trigger value="booked">Booked by me</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="posted">
              <Stack gap="4" pt="4">
                {requests}
                <PostedLoads postedBy={user?.id} />
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="booked">
              <CarrierLoads />
            </Tabs.Content>
          </Tabs.Root>
        ) : carrier ? (
          <Tabs.Root defaultValue="loads" variant="enclosed">
            <Tabs.List>
              <Tabs.Trigger value="loads">Loads</Tabs.Trigger>
              <Tabs.Trigger value="offers">My Offers</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="loads">
              <CarrierLoads />
            </Tabs.Content>
            <Tabs.Content value="offers">
              <CarrierOffers />
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <Stack gap="4">
            {requests}
            <PostedLoads />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Card.Root size="sm" as="section" aria-label={title}>
      <Card.Header>
        <HStack>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Badge>{count}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Row({
  title,
  titleTo,
  detail,
  badge,
  next,
  documents,
}: {
  title: string;
  /** Where the title leads (a posted load's own page). */
  titleTo?: string;
  detail: string;
  badge: ReactNode;
  next: ReactNode;
  /** The load's document downloads (rate confirmation, proof of delivery), when it has any. */
  documents?: ReactNode;
}) {
  return (
    <HStack
      justify="space-between"
      align="start"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      wrap="wrap"
      data-testid="workspace-row"
    >
      <Stack gap="0">
        {titleTo ? (
          <Link asChild colorPalette="blue" fontWeight="medium">
            <RouterLink to={titleTo}>{title}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight="medium">{title}</Text>
        )}
        <Text fontSize="sm" color="gray.600">
          {detail}
        </Text>
        {documents}
      </Stack>
      <Stack gap="1" align="end">
        {badge}
        <Text fontSize="sm">{next}</Text>
      </Stack>
    </HStack>
  );
}

const Loading = ({ label }: { label: string }) => (
  <Center py="6">
    <Spinner role="status" aria-label={label} />
  </Center>
);

function StepLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function CarrierLoads() {
  const requests = useMyRequestsStore(selectItems);
  const requestsStatus = useMyRequestsStore(selectStatus);
  const loadRequests = useMyRequestsStore((s) => s.load);
  const loads = useTrackedLoadsStore(selectItems);
  const loadsTotal = useTrackedLoadsStore(selectTotal);
  const loadsStatus = useTrackedLoadsStore(selectStatus);
  const loadLoads = useTrackedLoadsStore((s) => s.load);
  const loadMore = useTrackedLoadsStore((s) => s.loadMore);
  useEffect(() => {
    void loadRequests();
    void loadLoads();
  }, [loadRequests, loadLoads]);

  // An approved request shows under Booked (its load); pending and refused ones stay here with their status.
  const open = requests.filter((r) => r.status !== 'approved');
  const inStatus = (status: TrackedLoadDto['status']) => loads.filter((l) => l.status === status);
  const loadRow = (l: TrackedLoadDto) => {
    const step = nextCarrierStep(l.status);
    return (
      <Row
        key={l.id}
        title={`${placeName(l.pickupCity, l.pickupState)} → ${placeName(l.deliveryCity, l.deliveryState)}`}
        detail={[l.title, formatMoney(l.price)].filter(Boolean).join(' · ')}
        documents={
          <>
            <LoadDocumentLinks freightId={l.id} status={l.status} carrierId={l.carrierId} />
            {(l.assignment || l.viewerActions.assign) && (
              <HStack gap="2" pt="1" wrap="wrap" data-testid="row-assignment">
                <Text fontSize="sm" color="gray.700">
                  {l.assignment ? assignmentSummary(l.assignment) : 'No truck and driver yet'}
                </Text>
                {l.viewerActions.assign && (
                  <AssignButton freightId={l.id} assignment={l.assignment ?? null} variant="outline" />
                )}
              </HStack>
            )}
          </>
        }
        badge={<Badge colorPalette={statusColor(l.status)}>{statusLabel(l.status)}</Badge>}
        next={<StepLink to={`/tracking/${l.id}`}>{step}</StepLink>}
      />
    );
  };

  return (
    <Stack gap="4" pt="4">
      <Section title="Requested" count={open.length}>
        {requestsStatus === 'loading' && requests.length === 0 ? (
          <Loading label="Loading your requests" />
        ) : open.length === 0 ? (
          <Text color="gray.600">No open requests. Request a load from the board.</Text>
        ) : (
          open.map((r: BookingRequestDto) => (
            <Row
              key={r.id}
              title={`${r.freightOrigin ?? '?'} → ${r.freightDestination ?? '?'}`}
              detail={[r.freightTitle, formatMoney(r.freightRate)].filter(Boolean).join(' · ')}
              badge={
                <Badge colorPalette={r.status === 'pending' ? 'yellow' : 'red'}>
                  {REQUEST_OUTCOME[r.status]}
                </Badge>
              }
              next={
                r.status === 'pending' ? (
                  "Waiting for the shipper's answer"
                ) : (
                  <>
                    {r.closedReason && (
                      <Text as="span" display="block" color="red.700" data-testid="closed-reason">
                        {r.closedReason}
                      </Text>
                    )}
                    <StepLink to="/freight">Find another load</StepLink>
                  </>
                )
              }
            />
          ))
        )}
      </Section>
      {loadsStatus === 'loading' && loads.length === 0 ? (
        <Loading label="Loading your loads" />
      ) : (
        (['booked', 'in_transit', 'delivered'] as const).map((status) => (
          <Section key={status} title={statusLabel(status)} count={inStatus(status).length}>
            {inStatus(status).length === 0 ? (
              <Text color="gray.600">None right now.</Text>
            ) : (
              inStatus(status).map(loadRow)
            )}
          </Section>
        ))
      )}
      {loads.length < loadsTotal && (
        <LoadMoreButton loading={loadsStatus === 'loading'} onClick={() => void loadMore()} />
      )}
    </Stack>
  );
}

function CarrierOffers() {
  const offers = useOffersStore(selectItems);
  const status = useOffersStore(selectStatus);
  const load = useOffersStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  if (status === 'loading' && offers.length === 0) return <Loading label="Loading your offers" />;
  return (
    <Stack gap="4" pt="4">
      <MyOffersPanel />
      <Section title="Every offer" count={offers.length}>
        {offers.length === 0 ? (
          <EmptyState
            icon={FiInbox}
            iconColor="gray.400"
            title="No offers yet"
            description="Make an offer on a load from the board; it stays here with its outcome."
            testId="no-offers"
          />
        ) : (
          offers.map((n: NegotiationDto) => {
            const outcome = offerOutcome(n.status);
            return (
              <Stack key={n.id} gap="1" py="2" borderBottomWidth="1px" data-testid="workspace-offer">
                <HStack justify="space-between" wrap="wrap">
                  <Text fontWeight="medium">
                    {n.freightOrigin} → {n.freightDestination}
                  </Text>
                  <Badge colorPalette={outcome.color}>{outcome.label}</Badge>
                </HStack>
                <Text fontSize="sm" color="gray.600">
                  {n.freightTitle}
                </Text>
                <NegotiationHistory negotiation={n} viewer="carrier" />
                {n.closedReason && (
                  <Text fontSize="sm" color="red.700" data-testid="closed-reason">
                    {n.closedReason}
                  </Text>
                )}
              </Stack>
            );
          })
        )}
      </Section>
    </Stack>
  );
}

/** `postedBy`: only the loads this user posted (the list also holds the loads booked to them). */
function PostedLoads({ postedBy }: { postedBy?: string }) {
  const all = useMyListingsStore(selectItems);
  const loads = postedBy ? all.filter((l) => l.userId === postedBy) : all;
  const total = useMyListingsStore(selectTotal);
  const status = useMyListingsStore(selectStatus);
  const page = useMyListingsStore((s) => s.page);
  const goToPage = useMyListingsStore((s) => s.goToPage);
  useEffect(() => {
    void goToPage(1);
  }, [goToPage]);
  if (status === 'loading' && loads.length === 0) return <Loading label="Loading your loads" />;
  if (loads.length === 0) {
    return (
      <EmptyState
        icon={FiInbox}
        iconColor="gray.400"
        title="No loads posted yet"
        description="Post a load from the Freight board; it shows here with what comes next."
        testId="no-posted-loads"
      />
    );
  }
  return (
    <Stack gap="2">
      {loads.map((l: FreightListingDto) => {
        const step = nextPosterStep(l);
        return (
          <Row
            key={l.id}
            title={`${placeName(l.originCity, l.originState)} → ${placeName(l.destinationCity, l.destinationState)}`}
            titleTo={`/loads/${l.id}`}
            detail={[l.title, formatMoney(l.rate)].filter(Boolean).join(' · ')}
            documents={<LoadDocumentLinks freightId={l.id} status={l.status} carrierId={l.carrierId} />}
            badge={<Badge colorPalette={statusColor(l.status)}>{statusLabel(l.status)}</Badge>}
            next={step.to ? <StepLink to={step.to}>{step.label}</StepLink> : step.label}
          />
        );
      })}
      <PageControls
        page={page}
        pages={Math.max(1, Math.ceil(total / WORKSPACE_PAGE_SIZE))}
        onPage={(p) => void goToPage(p)}
      />
    </Stack>
  );
}
