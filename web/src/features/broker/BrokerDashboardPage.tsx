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
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
  VStack,
} from '@chakra-ui/react';
import { placeName, type FreightListingDto, type NegotiationDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { FiPlus } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatUsDate } from '../../lib/dates';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useBrokerStore } from '../../stores/broker';
import { useSessionStore } from '../../stores/session';
import { NegotiationHistory } from '../negotiations/NegotiationHistory';
import { PostLoadDialog } from '../freight/PostLoadDialog';
import {
  equipmentLabel,
  formatDay,
  formatMoney,
  ratePerMile,
  statusColor,
  statusLabel,
  tripMilesShort,
} from '../freight/format';
import { AuthorityLine } from '../freight/AuthorityLine';
import { AddShipperDialog, CounterDialog } from './BrokerDialogs';

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card.Root>
      <Card.Body>
        <Text fontSize="sm" color="gray.600">
          {label}
        </Text>
        <Text fontSize="3xl" fontWeight="bold" data-testid={`stat-${label}`}>
          {value ?? 0}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The Broker Hub (SPEC §2): brokers only. */
export function BrokerDashboardPage() {
  const user = useSessionStore((s) => s.user);
  if (!user || user.userType !== 'broker') {
    return (
      <Container maxW="3xl" py="16">
        <VStack gap="4" textAlign="center">
          <Heading as="h1" size="xl">
            Access Restricted
          </Heading>
          <Text color="gray.600">This dashboard is only available to verified brokers.</Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/">Return to Home</RouterLink>
          </Button>
        </VStack>
      </Container>
    );
  }
  return <BrokerHub companyName={user.companyName} userId={user.id} />;
}

function BrokerHub({ companyName, userId }: { companyName: string | null; userId: string }) {
  const stats = useBrokerStore((s) => s.stats);
  const loads = useBrokerStore(selectItems);
  const negotiations = useBrokerStore((s) => s.negotiations);
  const shippers = useBrokerStore((s) => s.shippers);
  const invitations = useBrokerStore((s) => s.invitations);
  const status = useBrokerStore(selectStatus);
  const load = useBrokerStore((s) => s.load);
  const postLoad = useBrokerStore((s) => s.postLoad);
  const editLoad = useBrokerStore((s) => s.editLoad);
  const removeLoad = useBrokerStore((s) => s.removeLoad);
  const respond = useBrokerStore((s) => s.respond);
  const [posting, setPosting] = useState(false);
  const [editing, setEditing] = useState<FreightListingDto | null>(null);
  const [countering, setCountering] = useState<NegotiationDto | null>(null);
  const [addingShipper, setAddingShipper] = useState(false);
  const { confirm, dialog: confirmDialog } = useConfirm();

  useEffect(() => {
    void load();
  }, [load]);

  const { submit: act } = useSubmit(
    async (n: NegotiationDto, action: 'accept' | 'reject') => {
      await respond(n.id, action, { version: n.version });
      return action;
    },
    {
      // SPEC §8's texts, whatever the server's message says.
      success: (action) =>
        action === 'accept' ? 'Negotiation accepted successfully!' : 'Negotiation rejected successfully!',
      failure: 'Failed to process negotiation. Please try again.',
    },
  );
  const { submit: remove } = useSubmit((l: FreightListingDto) => removeLoad(l.id), {
    success: 'Load removed successfully!',
    failure: 'Failed to remove load. Please try again.',
  });

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Broker Hub
            </Heading>
            <Text color="gray.600">{[companyName, 'DAT-Style Loadboard'].filter(Boolean).join(' - ')}</Text>
          </Stack>
          <Button colorPalette="blue" onClick={() => setPosting(true)}>
            <FiPlus aria-hidden />
            Post New Load
          </Button>
        </Flex>

        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <StatCard label="Active Loads" value={stats?.activeLoads} />
          <StatCard label="Pending Negotiations" value={stats?.pendingNegotiations} />
          <StatCard label="Active Shippers" value={stats?.activeShippers} />
          <StatCard label="In Transit" value={stats?.inTransit} />
        </SimpleGrid>

        {status === 'loading' ? (
          <Center py="12">
            <Spinner size="xl" color="blue.500" />
          </Center>
        ) : (
          <Tabs.Root defaultValue="loads" variant="enclosed">
            <Tabs.List>
              <Tabs.Trigger value="loads">My Loads</Tabs.Trigger>
              <Tabs.Trigger value="negotiations">Rate Negotiations</Tabs.Trigger>
              <Tabs.Trigger value="shippers">Shipper Relationships</Tabs.Trigger>
            </Tabs.List>

            <Tabs.Content value="loads">
              <Heading as="h2" size="md" mb="3">
                Load Management
              </Heading>
              {loads.length === 0 ? (
                <Center py="10">
                  <VStack gap="3">
                    <Heading as="h3" size="md">
                      No Loads Posted
                    </Heading>
                    <Button colorPalette="blue" onClick={() => setPosting(true)}>
                      Post Your First Load
                    </Button>
                  </VStack>
                </Center>
              ) : (
                <Stack gap="3">
                  {loads.map((l) => (
                    <Card.Root key={l.id} size="sm" data-testid="broker-load" aria-label={`Load ${l.title}`}>
                      <Card.Body gap="2">
                        <HStack justify="space-between" wrap="wrap">
                          <Text fontWeight="semibold">
                            {l.originCity}, {l.originState} → {l.destinationCity}, {l.destinationState}
                          </Text>
                          <Badge colorPalette={statusColor(l.status)}>{statusLabel(l.status)}</Badge>
                        </HStack>
                        <SimpleGrid columns={{ base: 2, md: 4 }} gap="2" fontSize="sm">
                          <Text>Equipment: {equipmentLabel(l.equipmentType)}</Text>
                          <Text>
                            Weight: {l.weight != null ? `${l.weight.toLocaleString('en-US')} lbs` : 'N/A'}
                          </Text>
                          <Text>Pickup: {formatDay(l.pickupDate) || 'ASAP'}</Text>
                          <Text>Distance: {tripMilesShort(l) ?? 'N/A'}</Text>
                          <Text>Rate: {formatMoney(l.rate) ?? 'TBD'}</Text>
                          <Text>Per mile: {ratePerMile(l) ?? 'N/A'}</Text>
                          <Text>Posted: {formatUsDate(l.createdAt)}</Text>
                        </SimpleGrid>
                        {l.description && (
                          <Text fontSize="sm" color="gray.600">
                            {l.description}
                          </Text>
                        )}
                        <HStack gap="2">
                          <Button
                            size="xs"
                            variant="outline"
                            disabled={l.status !== 'available'}
                            onClick={() => setEditing(l)}
                          >
                            Edit
                          </Button>
                          <Button size="xs" variant="outline" asChild>
                            <RouterLink to={`/loads/${l.id}`}>View Details</RouterLink>
                          </Button>
                          {l.status === 'available' && (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              onClick={() =>
                                confirm({
                                  title: 'Remove this load?',
                                  body: `${placeName(l.originCity, l.originState)} → ${placeName(l.destinationCity, l.destinationState)} is cancelled and leaves the load board. This cannot be undone.`,
                                  confirmLabel: 'Remove Load',
                                  keepLabel: 'Keep Load',
                                  onConfirm: () => void remove(l),
                                })
                              }
                            >
                              Remove
                            </Button>
                          )}
                        </HStack>
                      </Card.Body>
                    </Card.Root>
                  ))}
                </Stack>
              )}
            </Tabs.Content>

            <Tabs.Content value="negotiations">
              {negotiations.length === 0 ? (
                <Center py="10">
                  <VStack gap="1">
                    <Heading as="h3" size="md">
                      No Negotiations
                    </Heading>
                    <Text color="gray.600">
                      Rate negotiations will appear here when carriers make offers.
                    </Text>
                  </VStack>
                </Center>
              ) : (
                <Stack gap="3">
                  {negotiations.map((n) => (
                    <Card.Root key={n.id} size="sm" data-testid="negotiation">
                      <Card.Body gap="2">
                        <HStack justify="space-between" wrap="wrap">
                          <Text fontWeight="semibold">
                            {n.freightTitle}: {n.freightOrigin} → {n.freightDestination}
                          </Text>
                          <Badge
                            colorPalette={
                              n.status === 'pending' ? 'yellow' : n.status === 'accepted' ? 'green' : 'gray'
                            }
                          >
                            {statusLabel(n.status)}
                          </Badge>
                        </HStack>
                        <Text fontSize="sm">
                          {n.carrierCompany || n.carrierName} offered {formatMoney(n.proposedRate)}
                          {n.proposedRatePerMile != null && ` (${formatMoney(n.proposedRatePerMile)}/mi)`} ·
                          posted rate {formatMoney(n.freightRate) ?? 'TBD'}
                          {n.counterRate != null && ` · countered ${formatMoney(n.counterRate)}`}
                        </Text>
                        <AuthorityLine
                          fontSize="xs"
                          color="gray.600"
                          data-testid="offer-carrier-authority"
                          mc={n.carrierMcNumber}
                          usdot={n.carrierUsdotNumber}
                          userType={n.carrierUserType}
                        />
                        <NegotiationHistory negotiation={n} viewer="broker" />
                        <Text fontSize="xs" color="gray.500">
                          Expires {n.expiresAt ? new Date(n.expiresAt).toLocaleString('en-US') : '—'}
                        </Text>
                        {n.viewerActions?.respond && (
                          <HStack gap="2">
                            <Button size="xs" colorPalette="green" onClick={() => void act(n, 'accept')}>
                              Accept
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              onClick={() =>
                                confirm({
                                  title: 'Reject this offer?',
                                  body: `${n.carrierCompany || n.carrierName} offered ${formatMoney(n.proposedRate)} for ${n.freightTitle}. The carrier is told at once; a rejected offer cannot be reopened.`,
                                  confirmLabel: 'Reject Offer',
                                  onConfirm: () => void act(n, 'reject'),
                                })
                              }
                            >
                              Reject
                            </Button>
                            <Button size="xs" variant="outline" onClick={() => setCountering(n)}>
                              Counter
                            </Button>
                          </HStack>
                        )}
                      </Card.Body>
                    </Card.Root>
                  ))}
                </Stack>
              )}
            </Tabs.Content>

            <Tabs.Content value="shippers">
              <Stack gap="3">
                <Box>
                  <Button colorPalette="blue" onClick={() => setAddingShipper(true)}>
                    Add Shipper Relationship
                  </Button>
                </Box>
                {invitations.map((i) => (
                  <Card.Root key={i.id} size="sm" data-testid="shipper-invitation">
                    <Card.Body>
                      <HStack justify="space-between" wrap="wrap">
                        <Stack gap="0">
                          <Text fontWeight="semibold">{i.email}</Text>
                          <Text fontSize="sm" color="gray.600">
                            Invited {formatUsDate(i.createdAt)} · waiting for the shipper to accept
                          </Text>
                        </Stack>
                        <Badge colorPalette="yellow">Pending</Badge>
                      </HStack>
                    </Card.Body>
                  </Card.Root>
                ))}
                {shippers.length === 0 ? (
                  <Text color="gray.600">No shipper relationships yet.</Text>
                ) : (
                  shippers.map((s) => (
                    <Card.Root key={s.id} size="sm" data-testid="shipper-relationship">
                      <Card.Body>
                        <HStack justify="space-between" wrap="wrap">
                          <Stack gap="0">
                            <Text fontWeight="semibold">{s.shipperCompany || s.shipperName}</Text>
                            <Text fontSize="sm" color="gray.600">
                              {s.shipperName} · {s.shipperEmail}
                              {s.shipperPhone ? ` · ${s.shipperPhone}` : ''}
                            </Text>
                          </Stack>
                          <Stack gap="0" textAlign="right" fontSize="sm">
                            <Text>Credit limit: {formatMoney(s.creditLimit) ?? 'N/A'}</Text>
                            <Text>Terms: {s.paymentTerms ?? 'N/A'}</Text>
                          </Stack>
                        </HStack>
                      </Card.Body>
                    </Card.Root>
                  ))
                )}
              </Stack>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Stack>

      <PostLoadDialog
        open={posting}
        onClose={() => setPosting(false)}
        onSubmit={postLoad}
        brokerId={userId}
      />
      <PostLoadDialog
        open={editing !== null}
        listing={editing}
        onClose={() => setEditing(null)}
        onSubmit={(input) => editLoad(editing!.id, input)}
      />
      <CounterDialog negotiation={countering} side="broker" onClose={() => setCountering(null)} />
      <AddShipperDialog open={addingShipper} onClose={() => setAddingShipper(false)} />
      {confirmDialog}
    </Container>
  );
}
