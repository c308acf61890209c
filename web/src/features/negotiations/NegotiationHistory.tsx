import { formatLocalTimestamp } from '../../lib/formatters';
import { List, Text } from '@chakra-ui/react';
import type { NegotiationDto, NegotiationStep } from '@freight/shared';
import { formatMoney } from '../freight/format';

// Worded apart from the card's status badge ('Accepted'...), so the two never read as one.
const OUTCOME: Partial<Record<NegotiationDto['status'], string>> = {
  accepted: 'Agreed',
  rejected: 'Ended without agreement',
  expired: 'Ended without an answer',
};

/** Who put a round forward, as the viewer reads it: "You" for their own side, the other side by name. */
function whoOf(step: NegotiationStep, n: NegotiationDto, viewer: 'carrier' | 'broker'): string {
  if (step.by === viewer) return 'You';
  if (step.by === 'carrier') return n.carrierCompany?.trim() || n.carrierName?.trim() || 'The carrier';
  return n.brokerName?.trim() || 'The broker';
}

/** What a round was: the first offer, a revision of it, or a counter of the other side's figure. */
function kindOf(history: NegotiationStep[], i: number): string {
  if (i === 0) return 'offered';
  return history[i - 1]!.by === history[i]!.by ? 'revised to' : 'countered';
}

/**
 * The rounds of a negotiation as a thread (issue 39): each with who, the figure, the message and the time, then how it
 * ended. `viewer`: the side reading it (its own rounds read "You").
 */
export function NegotiationHistory({
  negotiation,
  viewer,
}: {
  negotiation: NegotiationDto;
  viewer: 'carrier' | 'broker';
}) {
  const { history, status } = negotiation;
  const last = history.at(-1);
  const outcome = OUTCOME[status];
  return (
    <List.Root
      as="ol"
      fontSize="xs"
      color="gray.700"
      ps="4"
      gap="1"
      data-testid="negotiation-history"
      aria-label="Negotiation rounds"
    >
      {history.map((step, i) => (
        <List.Item key={`${step.at}-${i}`} data-testid="negotiation-step">
          <Text as="span" fontWeight="medium">
            {whoOf(step, negotiation, viewer)}
          </Text>{' '}
          {kindOf(history, i)} {formatMoney(step.rate)}
          <Text as="span" color="gray.500">
            {' '}
            · {formatLocalTimestamp(new Date(step.at))}
          </Text>
          {step.message && (
            <Text fontStyle="italic" color="gray.700" wordBreak="break-word">
              “{step.message}”
            </Text>
          )}
        </List.Item>
      ))}
      {outcome && (
        <List.Item fontWeight="semibold">
          {outcome}
          {status === 'accepted' && last ? ` at ${formatMoney(last.rate)}` : ''}
        </List.Item>
      )}
    </List.Root>
  );
}
