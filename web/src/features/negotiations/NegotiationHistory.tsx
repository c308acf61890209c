import { formatLocalTimestamp } from '../../lib/formatters';
import { List, Text } from '@chakra-ui/react';
import type { NegotiationDto } from '@freight/shared';
import { formatMoney } from '../freight/format';

// Worded apart from the card's status badge ('Accepted'...), so the two never read as one.
const OUTCOME: Partial<Record<NegotiationDto['status'], string>> = {
  accepted: 'Agreed',
  rejected: 'Ended without agreement',
  expired: 'Ended without an answer',
};

/** The offers and counters of a negotiation in order, then how it ended (SPEC §3 Rate negotiation). */
export function NegotiationHistory({ negotiation }: { negotiation: NegotiationDto }) {
  const { history, status } = negotiation;
  const last = history.at(-1);
  const outcome = OUTCOME[status];
  return (
    <List.Root as="ol" fontSize="xs" color="gray.600" ps="4" gap="0.5" data-testid="negotiation-history">
      {history.map((step, i) => (
        <List.Item key={`${step.at}-${i}`}>
          {i === 0 ? 'Offer' : step.by === 'broker' ? 'Counter' : 'Revised offer'} {formatMoney(step.rate)}
          <Text as="span" color="gray.500">
            {' '}
            · {formatLocalTimestamp(new Date(step.at))}
          </Text>
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
