import { Badge, Box, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { BookingRequestDto, CarrierDocumentDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatUsDate } from '../../lib/dates';
import { formatCalendarDate } from '../documents/format';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useBookingRequestsStore } from '../../stores/bookingRequests';
import { useFreightStore } from '../../stores/freight';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { AuthorityLine } from './AuthorityLine';
import { formatMoney } from './format';

/**
 * Dashboard: Carrier Booking Requests for shippers and brokers (SPEC §2), and Booking Requests for air cargo operators
 * on their air shipments (issue 23), pending only, live. My Loads shows the same card.
 */
export function BookingRequestsCard({ user }: Pick<DashboardSectionProps, 'user'>) {
  // Air cargo operators' requests are on their air shipments: titled without "Carrier".
  const air = user.viewerActions.postAirShipment === true;
  const show = user.viewerActions.reviewBookingRequests === true;
  const items = useBookingRequestsStore(selectItems);
  const total = useBookingRequestsStore(selectTotal);
  const status = useBookingRequestsStore(selectStatus);
  const load = useBookingRequestsStore((s) => s.load);
  const review = useBookingRequestsStore((s) => s.review);
  const refetchBoard = useFreightStore((s) => s.refetch);
  const [reviewed, setReviewed] = useState<string | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const reviewRequest = useSubmit(
    (request: BookingRequestDto, decision: 'approved' | 'rejected') => review(request.id, decision),
    {
      success: (message) => message,
      failure: 'Failed to review booking request',
      resetOnSuccess: true,
      onSuccess: () => void refetchBoard(), // the reviewed load's status changed
    },
  );
  useEffect(() => {
    if (show) void load();
  }, [show, load]);
  if (!show) return null;

  const busy = reviewRequest.pending ? reviewed : null;
  const act = (request: BookingRequestDto, decision: 'approved' | 'rejected') => {
    setReviewed(request.id);
    return reviewRequest.submit(request, decision);
  };

  return (
    <Card.Root as="section" aria-labelledby="booking-requests-heading">
      <Card.Header>
        <HStack gap="3">
          <Heading as="h2" size="md" id="booking-requests-heading">
            {air ? 'Booking Requests' : 'Carrier Booking Requests'}
          </Heading>
          <Badge colorPalette={total > 0 ? 'orange' : 'gray'} data-testid="booking-requests-count">
            {total}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        {status !== 'loading' && items.length === 0 ? (
          <Text color="gray.600">No pending booking requests.</Text>
        ) : (
          <Stack gap="4">
            {items.map((r) => (
              <Box
                key={r.id}
                borderWidth="1px"
                borderRadius="md"
                p="4"
                data-testid="booking-request"
                aria-label={`Booking request from ${r.carrierName ?? 'carrier'} for ${r.freightTitle ?? 'load'}`}
                role="group"
              >
                <Stack gap="2">
                  <HStack justify="space-between" wrap="wrap">
                    <Text fontWeight="semibold">{r.freightTitle}</Text>
                    <Text fontWeight="semibold" color="green.700">
                      {formatMoney(r.freightRate) ?? 'Rate TBD'}
                    </Text>
                  </HStack>
                  <Text fontSize="sm" color="gray.600">
                    {r.freightOrigin} → {r.freightDestination}
                  </Text>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" fontSize="sm">
                    <Text>Carrier: {r.carrierName}</Text>
                    <Text>Company: {r.carrierCompany || 'Not provided'}</Text>
                    <Text>Phone: {r.carrierPhone || 'Not provided'}</Text>
                    <Text>Email: {r.carrierEmail}</Text>
                    <AuthorityLine
                      data-testid="carrier-authority"
                      mc={r.carrierMcNumber}
                      usdot={r.carrierUsdotNumber}
                      userType={r.carrierUserType}
                    />
                  </SimpleGrid>
                  <CarrierDocuments documents={r.carrierDocuments} />
                  {r.message && (
                    <Text fontSize="sm" fontStyle="italic" data-testid="booking-request-message">
                      “{r.message}”
                    </Text>
                  )}
                  <Text fontSize="xs" color="gray.500">
                    Requested {formatUsDate(r.createdAt)}
                  </Text>
                  {r.viewerActions?.review && (
                    <HStack gap="2">
                      <Button
                        size="sm"
                        colorPalette="green"
                        disabled={busy === r.id}
                        onClick={() => void act(r, 'approved')}
                      >
                        Accept Carrier
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        disabled={busy === r.id}
                        onClick={() =>
                          confirm({
                            title: 'Reject this booking request?',
                            body: `${r.carrierName ?? 'The carrier'} is told at once that the request for ${r.freightTitle ?? 'this load'} was rejected. This cannot be undone.`,
                            confirmLabel: 'Reject Request',
                            onConfirm: () => void act(r, 'rejected'),
                          })
                        }
                      >
                        Reject
                      </Button>
                    </HStack>
                  )}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
      {confirmDialog}
    </Card.Root>
  );
}

/** The carrier's approved documents with their expiry (issue 16): the facts to decide on. */
export function CarrierDocuments({ documents }: { documents: CarrierDocumentDto[] }) {
  if (documents.length === 0) {
    return (
      <Text fontSize="sm" color="orange.700" data-testid="carrier-documents">
        No approved documents on file
      </Text>
    );
  }
  return (
    <Stack gap="0" fontSize="sm" data-testid="carrier-documents">
      <Text fontWeight="medium">Approved documents</Text>
      {documents.map((d) => (
        <Text key={d.documentType}>
          {d.label}
          {d.expirationDate ? `: expires ${formatCalendarDate(d.expirationDate)}` : ': no expiry date'}
        </Text>
      ))}
    </Stack>
  );
}
