import { LoadHistoryCard } from '../loadHistory/LoadHistoryCard';
import { enterTrackingRoom, leaveTrackingRoom } from '../../stores/socketRooms';
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
  Text,
} from '@chakra-ui/react';
import {
  WEIGHT_CLASS_LABELS,
  accessorialTermLines,
  fromAccessorialTermsDto,
  type BookingRequestDto,
  type FreightListingDto,
  type NegotiationDto,
  isCarrierOnLoad,
  appointmentText,
  stopAddress,
  stopReferencesText,
  type LoadStopDto,
} from '@freight/shared';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { FiCopy, FiEdit2, FiMapPin, FiXCircle } from 'react-icons/fi';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatUsDate } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { isOpenOffer } from '../../stores/posterLoadMerge';
import { usePosterLoadStore } from '../../stores/posterLoad';
import { useCurrentUser } from '../../stores/session';
import { CounterDialog } from '../broker/BrokerDialogs';
import { CarrierDocuments } from '../freight/BookingRequestsCard';
import {
  equipmentLabel,
  formatDay,
  formatMoney,
  ratePerMile,
  rateTypeLabel,
  statusColor,
  statusLabel,
  tripMiles,
} from '../freight/format';
import { AuthorityLine } from '../freight/AuthorityLine';
import { FacilityDwellLines } from '../facilities/FacilityDwellLines';
import { PostLoadDialog } from '../freight/PostLoadDialog';
import { cargoTypeLabel } from '../tracking/format';
import { REQUEST_OUTCOME } from '../workspace/nextSteps';
import { OfferItem, carrierLabel, type OfferAction } from './OfferItem';
import { lazyNamed } from '../../lib/lazyComponent';

const LoadRatingCard = lazyNamed(() => import('../ratings/LoadRatingCard'), 'LoadRatingCard');
/** A delivered load's invoice (issue 40), in a chunk of its own. */
const LoadInvoiceCard = lazyNamed(() => import('../invoices/LoadInvoiceCard'), 'LoadInvoiceCard');

const NO_REQUESTS: BookingRequestDto[] = [];
const NO_OFFERS: NegotiationDto[] = [];

/**
 * /loads/:id (issue 23): a load as its poster works on it: every field, its booking requests and offers (live), and
 * Edit and Withdraw while it is available, Copy always. Anyone who does not run the load gets 'Load not found'.
 */
export function LoadPage() {
  const { id = '' } = useParams();
  const entry = usePosterLoadStore((s) => s.byId[id]);
  const notFound = usePosterLoadStore((s) => Boolean(s.notFound[id]));
  const loadPage = usePosterLoadStore((s) => s.load);
  const remove = usePosterLoadStore((s) => s.remove);

  useEffect(() => {
    void loadPage(id);
    return () => remove(id);
  }, [id, loadPage, remove]);

  if (notFound && entry?.status === 'failed') {
    return (
      <Container maxW="4xl" py="12">
        <Stack gap="3">
          <Heading as="h1" size="xl" data-testid="load-not-found">
            Load not found
          </Heading>
          <Text color="gray.600">Only the load’s poster can open this page.</Text>
          <Box>
            <Button asChild variant="outline">
              <RouterLink to="/freight">Back to the load board</RouterLink>
            </Button>
          </Box>
        </Stack>
      </Container>
    );
  }
  if (entry?.status === 'failed') {
    return (
      <Container maxW="4xl" py="12">
        <Text color="red.600">Could not load this load. Please try again.</Text>
      </Container>
    );
  }
  if (!entry?.data) {
    return (
      <Center py="16">
        <Spinner size="lg" role="status" aria-label="Loading the load" />
      </Center>
    );
  }
  return (
    <PosterLoad listing={entry.data.listing} requests={entry.data.requests} offers={entry.data.offers} />
  );
}

function PosterLoad({
  listing: l,
  requests = NO_REQUESTS,
  offers = NO_OFFERS,
}: {
  listing: FreightListingDto;
  requests: BookingRequestDto[];
  offers: NegotiationDto[];
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const edit = usePosterLoadStore((s) => s.edit);
  const withdraw = usePosterLoadStore((s) => s.withdraw);
  const post = usePosterLoadStore((s) => s.post);
  const review = usePosterLoadStore((s) => s.review);
  const respond = usePosterLoadStore((s) => s.respond);
  const [editing, setEditing] = useState(false);
  const [copying, setCopying] = useState(false);
  const [countering, setCountering] = useState<NegotiationDto | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  // The load's room, while its page is open: its history grows live (issue 26).
  useEffect(() => {
    void enterTrackingRoom(l.id);
    return () => leaveTrackingRoom(l.id);
  }, [l.id]);

  const poster = Boolean(user && [l.userId, l.brokerId, l.shipperId].includes(user.id));
  const available = l.status === 'available';
  const pendingRequests = requests.filter((r) => r.status === 'pending').length;
  const openOffers = offers.filter(isOpenOffer).length;
  const waiting = pendingRequests + openOffers;

  const doWithdraw = useSubmit(() => withdraw(l.id), {
    success: 'Load withdrawn. The carriers who asked for it have been told.',
    failure: { fallback: 'Failed to withdraw the load. Please try again.' },
    resetOnSuccess: true,
  });
  const reviewRequest = useSubmit(
    (r: BookingRequestDto, status: 'approved' | 'rejected') => review(l.id, r.id, status),
    { success: (m) => m, failure: 'Failed to review booking request', resetOnSuccess: true },
  );
  const answerOffer = useSubmit((o: NegotiationDto, action: OfferAction) => respond(l.id, o, action), {
    success: (m) => m,
    failure: { fallback: 'Failed to process negotiation. Please try again.' },
    resetOnSuccess: true,
  });

  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Stack gap="1" minW="0">
              <Heading as="h1" size="2xl" wordBreak="break-word">
                {l.title}
              </Heading>
              <Text color="gray.600">
                {l.originCity}, {l.originState} → {l.destinationCity}, {l.destinationState}
              </Text>
            </Stack>
            <HStack gap="3" data-testid="load-status">
              <Badge colorPalette={statusColor(l.status)} size="lg">
                {statusLabel(l.status)}
              </Badge>
              <Text fontSize="xl" fontWeight="bold" color="green.700" data-testid="load-rate">
                {formatMoney(l.rate) ?? 'Rate TBD'}
              </Text>
            </HStack>
          </Flex>
          {poster && (
            <HStack gap="2" wrap="wrap">
              {available && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  <FiEdit2 aria-hidden />
                  Edit
                </Button>
              )}
              {available && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  disabled={doWithdraw.pending}
                  onClick={() =>
                    confirm({
                      title: 'Withdraw this load?',
                      body:
                        waiting > 0
                          ? 'The load leaves the board, and its open booking requests and offers are closed: the carriers see that it was withdrawn by the poster. This cannot be undone.'
                          : 'The load leaves the board. This cannot be undone.',
                      confirmLabel: 'Withdraw Load',
                      keepLabel: 'Keep Load',
                      onConfirm: () => void doWithdraw.submit(),
                    })
                  }
                >
                  <FiXCircle aria-hidden />
                  Withdraw
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setCopying(true)}>
                <FiCopy aria-hidden />
                Copy
              </Button>
              {isCarrierOnLoad(l.status) && (
                <Button size="sm" colorPalette="blue" asChild>
                  <RouterLink to={`/tracking/${l.id}`}>
                    <FiMapPin aria-hidden />
                    Track
                  </RouterLink>
                </Button>
              )}
            </HStack>
          )}
          {poster && available && waiting > 0 && (
            <Text fontSize="sm" color="gray.600">
              Carriers are waiting on this load: its route and equipment stay as posted, and they are told of
              any other change.
            </Text>
          )}
        </Stack>

        <LoadFields listing={l} />
        {l.status === 'delivered' && (
          <Suspense fallback={null}>
            <LoadRatingCard loadId={l.id} />
            <LoadInvoiceCard loadId={l.id} />
          </Suspense>
        )}

        <Section title="Booking requests" count={pendingRequests} id="load-requests">
          {requests.length === 0 ? (
            <Text color="gray.600">No booking requests yet.</Text>
          ) : (
            requests.map((r) => (
              <RequestItem
                key={r.id}
                request={r}
                actions={r.viewerActions?.review === true}
                busy={reviewRequest.pending}
                onApprove={() => void reviewRequest.submit(r, 'approved')}
                onReject={() =>
                  confirm({
                    title: 'Reject this booking request?',
                    body: `${carrierLabel(r)} is told at once that the request was rejected. This cannot be undone.`,
                    confirmLabel: 'Reject Request',
                    onConfirm: () => void reviewRequest.submit(r, 'rejected'),
                  })
                }
              />
            ))
          )}
        </Section>

        <Section title="Rate offers" count={openOffers} id="load-offers">
          {offers.length === 0 ? (
            <Text color="gray.600">No rate offers yet.</Text>
          ) : (
            offers.map((o) => (
              <OfferItem
                key={o.id}
                offer={o}
                busy={answerOffer.pending}
                onAct={(offer, action) => void answerOffer.submit(offer, action)}
                onCounter={setCountering}
              />
            ))
          )}
        </Section>
        <LoadHistoryCard freightId={l.id} />
      </Stack>

      {editing && (
        <PostLoadDialog
          open
          listing={l}
          onClose={() => setEditing(false)}
          onSubmit={(input) => edit(l.id, input)}
        />
      )}
      {copying && (
        <PostLoadDialog
          open
          template={l}
          onClose={() => setCopying(false)}
          onSubmit={async (input) => {
            const created = await post(input);
            setCopying(false);
            void navigate(`/loads/${created.id}`);
          }}
        />
      )}
      <CounterDialog
        negotiation={countering}
        onClose={() => setCountering(null)}
        side="broker"
        onCounter={(offer, rate, message) => respond(l.id, offer, 'counter', rate, message)}
      />
      {confirmDialog}
    </Container>
  );
}

function Section({
  title,
  count,
  id,
  children,
}: {
  title: string;
  count: number;
  id: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={`${id}-heading`}>
      <Card.Header>
        <HStack gap="3">
          <Heading as="h2" size="md" id={`${id}-heading`}>
            {title}
          </Heading>
          <Badge colorPalette={count > 0 ? 'orange' : 'gray'}>{count}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

function RequestItem({
  request: r,
  actions,
  busy,
  onApprove,
  onReject,
}: {
  request: BookingRequestDto;
  actions: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const color = r.status === 'pending' ? 'yellow' : r.status === 'approved' ? 'green' : 'red';
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="load-request"
      role="group"
      aria-label={`Booking request from ${carrierLabel(r)}`}
    >
      <Stack gap="1.5">
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Text fontWeight="semibold" wordBreak="break-word">
            {carrierLabel(r)}
          </Text>
          <Badge colorPalette={color}>{r.status === 'pending' ? 'Pending' : REQUEST_OUTCOME[r.status]}</Badge>
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" fontSize="sm">
          <Text>Phone: {r.carrierPhone || 'Not provided'}</Text>
          <Text wordBreak="break-all">Email: {r.carrierEmail}</Text>
          <AuthorityLine mc={r.carrierMcNumber} usdot={r.carrierUsdotNumber} userType={r.carrierUserType} />
          <Text color="gray.600">Requested {formatUsDate(r.createdAt)}</Text>
        </SimpleGrid>
        <CarrierDocuments documents={r.carrierDocuments} />
        {r.message && (
          <Text fontSize="sm" fontStyle="italic">
            “{r.message}”
          </Text>
        )}
        {r.closedReason && (
          <Text fontSize="sm" color="red.700" data-testid="closed-reason">
            {r.closedReason}
          </Text>
        )}
        {actions && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="green" disabled={busy} onClick={onApprove}>
              Accept Carrier
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={onReject}>
              Reject
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
        {value || 'N/A'}
      </Text>
    </Stack>
  );
}

const timeWindow = (start: string | null, end: string | null) =>
  start && end ? `${start} – ${end}` : start || end;
const place = (city: string, state: string, zip: string | null, country: string | null) =>
  `${city}, ${state}${zip ? ` ${zip}` : ''}${country && country !== 'United States' ? `, ${country}` : ''}`;

/** A stop's details on one line each part (issue 39): facility, address, appointment, dock, references, contact. */
const stopText = (s: LoadStopDto, city: string, state: string, zip: string | null) =>
  [
    s.facilityName,
    s.address ? stopAddress(s.address, city, state, zip) : null,
    appointmentText(s.appointment),
    s.dockNotes,
    stopReferencesText(s),
    [s.contactName, s.contactPhone].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(' · ');

/** Every field of the load, as its poster entered it. */
function LoadFields({ listing: l }: { listing: FreightListingDto }) {
  const requirements = [
    l.isUrgent && 'Urgent',
    l.isHazmat && 'Hazmat',
    l.requiresTarps && 'Tarps',
    l.requiresStraps && 'Straps',
    l.requiresLiftgate && 'Liftgate',
  ].filter(Boolean) as string[];
  return (
    <Card.Root as="section" aria-label="Load details">
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
            <Field label="Pickup" value={place(l.originCity, l.originState, l.originZip, l.originCountry)} />
            <Field
              label="Delivery"
              value={place(l.destinationCity, l.destinationState, l.destinationZip, l.destinationCountry)}
            />
            <Field label="Distance" value={tripMiles(l)} />
            <Field
              label="Pickup date and window"
              value={[formatDay(l.pickupDate) || 'ASAP', timeWindow(l.pickupTimeStart, l.pickupTimeEnd)]
                .filter(Boolean)
                .join(', ')}
            />
            <Field
              label="Delivery date and window"
              value={[formatDay(l.deliveryDate), timeWindow(l.deliveryTimeStart, l.deliveryTimeEnd)]
                .filter(Boolean)
                .join(', ')}
            />
            <Field
              label="Equipment"
              value={`${equipmentLabel(l.equipmentType)}${l.equipmentLength ? ` (${l.equipmentLength} ft)` : ''}`}
            />
            <Field
              label="Weight"
              value={[
                l.weight != null ? `${l.weight.toLocaleString('en-US')} lbs` : null,
                l.weightClass
                  ? (WEIGHT_CLASS_LABELS[l.weightClass as keyof typeof WEIGHT_CLASS_LABELS] ?? l.weightClass)
                  : null,
              ]
                .filter(Boolean)
                .join(', ')}
            />
            <Field label="Commodity" value={l.commodity} />
            {l.cargoType && <Field label="Cargo type" value={cargoTypeLabel(l)} />}
            <Field label="Rate" value={formatMoney(l.rate) ?? 'TBD'} />
            <Field label="Rate per mile" value={ratePerMile(l)} />
            <Field label="Rate type" value={rateTypeLabel(l.rateType)} />
            <Field label="Requirements" value={requirements.join(', ') || 'None'} />
            <Field label="Posted" value={formatUsDate(l.createdAt)} />
          </SimpleGrid>
          {Boolean(l.pickupStop || l.deliveryStop || l.extraStops?.length) && (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="load-stop-details">
              {l.pickupStop && (
                <Field
                  label={l.extraStops?.length ? 'Stop 1 · Pickup details' : 'Pickup details'}
                  value={stopText(l.pickupStop, l.originCity, l.originState, l.originZip)}
                />
              )}
              {l.extraStops?.map((stop, i) => (
                <Field
                  key={i}
                  label={`Stop ${i + 2} · ${stop.kind === 'pickup' ? 'Pickup' : 'Delivery'}`}
                  value={[
                    stop.address ? null : place(stop.city, stop.state, stop.zip, null),
                    formatDay(stop.date),
                    stopText(stop, stop.city, stop.state, stop.zip),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))}
              {l.deliveryStop && (
                <Field
                  label={
                    l.extraStops?.length
                      ? `Stop ${l.extraStops.length + 2} · Delivery details`
                      : 'Delivery details'
                  }
                  value={stopText(l.deliveryStop, l.destinationCity, l.destinationState, l.destinationZip)}
                />
              )}
            </SimpleGrid>
          )}
          <Stack
            gap="2"
            as="section"
            aria-label="Detention, layover and TONU"
            data-testid="load-accessorial-terms"
          >
            <Text fontSize="sm" fontWeight="semibold">
              Detention, layover and TONU
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {accessorialTermLines(fromAccessorialTermsDto(l.accessorialTerms)).map(({ label, text }) => (
                <Field key={label} label={label} value={text} />
              ))}
            </SimpleGrid>
          </Stack>
          <FacilityDwellLines loadId={l.id} />
          {l.description && <Field label="Description" value={l.description} />}
          {l.specialInstructions && <Field label="Special instructions" value={l.specialInstructions} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
