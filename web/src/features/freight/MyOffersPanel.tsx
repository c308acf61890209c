import { Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { NegotiationDto } from '@freight/shared';
import { Suspense, useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { lazyNamed } from '../../lib/lazyComponent';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useOffersStore } from '../../stores/offers';
import { NegotiationHistory } from '../negotiations/NegotiationHistory';
import { formatMoney } from './format';

// Opened by a tap on Counter: kept out of the board's first paint (its size budget).
const CounterDialog = lazyNamed(() => import('../broker/BrokerDialogs'), 'CounterDialog');

/**
 * The carrier's open offers with their rounds as a thread (issue 39); a broker's counter can be accepted (books the
 * load), countered back with a message, or declined.
 */
export function MyOffersPanel() {
  const items = useOffersStore(selectItems);
  const status = useOffersStore(selectStatus);
  const load = useOffersStore((s) => s.load);
  const answerCounter = useOffersStore((s) => s.answerCounter);
  const counter = useOffersStore((s) => s.counter);
  const [countering, setCountering] = useState<NegotiationDto | null>(null);
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  // Accepting names the version on screen: a counter the broker changed meanwhile is refused, not taken unseen.
  const { submit: answer } = useSubmit(
    (n: NegotiationDto, accept: boolean) => answerCounter(n.id, accept, n.version),
    {
      success: (message) => message,
      failure: { fallback: 'Failed to process negotiation. Please try again.' },
      resetOnSuccess: true,
    },
  );
  const { confirm, dialog: confirmDialog } = useConfirm();
  const open = items.filter((n) => n.status === 'pending' || n.status === 'counter_offered');
  if (open.length === 0) return null;

  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          My Rate Offers
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {open.map((n) => (
            <HStack
              key={n.id}
              justify="space-between"
              align="start"
              wrap="wrap"
              data-testid="my-offer"
              borderBottomWidth="1px"
              pb="2"
            >
              <Stack gap="0.5" minW="0" flex="1">
                <Text fontWeight="medium">
                  {n.freightOrigin} → {n.freightDestination}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {n.truckPostId ? (
                    `Offered to your posted truck at ${formatMoney(n.counterRate ?? n.proposedRate)}`
                  ) : (
                    <>
                      Offered {formatMoney(n.proposedRate)}
                      {n.counterRate != null && ` · Counter ${formatMoney(n.counterRate)}`}
                    </>
                  )}
                </Text>
                <NegotiationHistory negotiation={n} viewer="carrier" />
                {n.status === 'pending' && n.history.length > 1 && (
                  <Text fontSize="xs" color="gray.600">
                    Waiting for the broker’s answer.
                  </Text>
                )}
              </Stack>
              <HStack wrap="wrap" gap="2">
                <Badge colorPalette={n.status === 'counter_offered' ? 'orange' : 'yellow'}>
                  {n.truckPostId && n.status === 'counter_offered'
                    ? 'Load Offered'
                    : n.status === 'counter_offered'
                      ? 'Counter Offer'
                      : 'Pending'}
                </Badge>
                {n.viewerActions?.answerCounter && (
                  <>
                    <Button size="xs" colorPalette="green" onClick={() => void answer(n, true)}>
                      {n.truckPostId ? 'Accept Load' : 'Accept Counter'}
                    </Button>
                    {n.viewerActions?.counter && (
                      <Button size="xs" variant="outline" onClick={() => setCountering(n)}>
                        Counter
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() =>
                        confirm({
                          title: n.truckPostId ? 'Decline this load?' : 'Decline this counter offer?',
                          body: n.truckPostId
                            ? `The poster offered ${n.freightOrigin} → ${n.freightDestination} to your posted truck at ${formatMoney(n.counterRate)}. Declining ends this offer.`
                            : `The broker countered ${formatMoney(n.counterRate)} for ${n.freightOrigin} → ${n.freightDestination}. Declining ends this negotiation.`,
                          confirmLabel: n.truckPostId ? 'Decline Load' : 'Decline Counter',
                          onConfirm: () => void answer(n, false),
                        })
                      }
                    >
                      Decline
                    </Button>
                  </>
                )}
              </HStack>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      {confirmDialog}
      <Suspense fallback={null}>
        {countering && (
          <CounterDialog
            negotiation={countering}
            side="carrier"
            onClose={() => setCountering(null)}
            onCounter={(offer, rate, message) => counter(offer, rate, message)}
          />
        )}
      </Suspense>
    </Card.Root>
  );
}
