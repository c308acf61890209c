import { formatLocalTimestamp } from '../../lib/formatters';
import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { NegotiationDto } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { authorityLine, formatMoney } from '../freight/format';
import { NegotiationHistory } from '../negotiations/NegotiationHistory';
import { offerOutcome } from '../workspace/nextSteps';

export type OfferAction = 'accept' | 'reject';

/** The carrier's name once: its company, with the person's name only when it says something more. */
export function carrierLabel(o: { carrierCompany: string | null; carrierName: string | null }): string {
  const company = o.carrierCompany?.trim();
  const name = o.carrierName?.trim();
  if (company && name && company.toLowerCase() !== name.toLowerCase()) return `${company} (${name})`;
  return company || name || 'A carrier';
}

/**
 * One rate offer on the poster's load (issue 23): who offers what against the posted rate, the history, and, while it
 * is pending, Accept, Counter and Reject (Reject asks first). `showLoad` names the load with a link to its page.
 */
export function OfferItem({
  offer: o,
  showLoad = false,
  canAct = true,
  busy = false,
  onAct,
  onCounter,
}: {
  offer: NegotiationDto;
  showLoad?: boolean;
  /** Whether the viewer answers it (the load's poster, while the load is available). */
  canAct?: boolean;
  busy?: boolean;
  onAct: (offer: NegotiationDto, action: OfferAction) => void;
  onCounter: (offer: NegotiationDto) => void;
}) {
  const { confirm, dialog } = useConfirm();
  const outcome = offerOutcome(o.status);
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="load-offer"
      role="group"
      aria-label={`Offer from ${carrierLabel(o)}`}
    >
      <Stack gap="1.5">
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Stack gap="0" minW="0">
            {showLoad && (
              <Link asChild colorPalette="blue" fontWeight="semibold">
                <RouterLink to={`/loads/${o.freightListingId}`}>
                  {o.freightOrigin} → {o.freightDestination}
                </RouterLink>
              </Link>
            )}
            <Text fontWeight={showLoad ? 'normal' : 'semibold'} wordBreak="break-word">
              {carrierLabel(o)} {o.history.length > 1 ? 'now offers' : 'offered'}{' '}
              {formatMoney(o.proposedRate)}
            </Text>
          </Stack>
          <Badge colorPalette={outcome.color}>{outcome.label}</Badge>
        </HStack>
        <Text fontSize="sm" color="gray.600">
          Posted rate {formatMoney(o.freightRate) ?? 'TBD'}
          {o.proposedRatePerMile != null && ` · offer ${formatMoney(o.proposedRatePerMile)}/mi`}
          {o.counterRate != null && ` · your counter ${formatMoney(o.counterRate)}`}
        </Text>
        {authorityLine(o.carrierMcNumber, o.carrierUsdotNumber, o.carrierUserType) && (
          <Text fontSize="xs" color="gray.600">
            {authorityLine(o.carrierMcNumber, o.carrierUsdotNumber, o.carrierUserType)}
          </Text>
        )}
        <NegotiationHistory negotiation={o} viewer="broker" />
        {o.closedReason && (
          <Text fontSize="sm" color="red.700" data-testid="closed-reason">
            {o.closedReason}
          </Text>
        )}
        {o.status === 'counter_offered' && (
          <Text fontSize="sm" color="gray.600">
            Waiting for the carrier to answer your counter.
          </Text>
        )}
        {(o.status === 'pending' || o.status === 'counter_offered') && o.expiresAt && (
          <Text fontSize="xs" color="gray.500">
            Expires {formatLocalTimestamp(new Date(o.expiresAt))}
          </Text>
        )}
        {canAct && o.viewerActions?.respond && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="green" disabled={busy} onClick={() => onAct(o, 'accept')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onCounter(o)}>
              Counter
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={busy}
              onClick={() =>
                confirm({
                  title: 'Reject this offer?',
                  body: `${carrierLabel(o)} offered ${formatMoney(o.proposedRate)} for ${o.freightTitle ?? 'this load'}. The carrier is told at once; a rejected offer cannot be reopened.`,
                  confirmLabel: 'Reject Offer',
                  onConfirm: () => onAct(o, 'reject'),
                })
              }
            >
              Reject
            </Button>
          </HStack>
        )}
      </Stack>
      {dialog}
    </Box>
  );
}
