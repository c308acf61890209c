import { Badge, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { NegotiationDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { isOpenOffer } from '../../stores/posterLoadMerge';
import { useReceivedOffersStore } from '../../stores/receivedOffers';
import { CounterDialog } from '../broker/BrokerDialogs';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { OfferItem, type OfferAction } from './OfferItem';

/**
 * Dashboard: "Offers on your loads" for shippers (issue 23; brokers answer theirs on the Broker Hub): the open offers
 * on the shipper's loads, live, with Accept, Counter and Reject.
 */
export function ReceivedOffersCard({ user }: DashboardSectionProps) {
  const show = user.viewerActions.answerOffers === true;
  const items = useReceivedOffersStore(selectItems);
  const status = useReceivedOffersStore(selectStatus);
  const load = useReceivedOffersStore((s) => s.load);
  const respond = useReceivedOffersStore((s) => s.respond);
  const [countering, setCountering] = useState<NegotiationDto | null>(null);
  const act = useSubmit((offer: NegotiationDto, action: OfferAction) => respond(offer, action), {
    success: (message) => message,
    failure: { fallback: 'Failed to process negotiation. Please try again.' },
    resetOnSuccess: true,
  });
  useEffect(() => {
    if (show) void load();
  }, [show, load]);
  if (!show) return null;
  const open = items.filter(isOpenOffer);

  return (
    <Card.Root as="section" aria-labelledby="received-offers-heading">
      <Card.Header>
        <HStack gap="3">
          <Heading as="h2" size="md" id="received-offers-heading">
            Offers on your loads
          </Heading>
          <Badge colorPalette={open.length > 0 ? 'orange' : 'gray'} data-testid="received-offers-count">
            {open.length}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        {status !== 'loading' && open.length === 0 ? (
          <Text color="gray.600">No open rate offers. Carriers’ offers on your loads appear here.</Text>
        ) : (
          <Stack gap="3">
            {open.map((o) => (
              <OfferItem
                key={o.id}
                offer={o}
                showLoad
                busy={act.pending}
                onAct={(offer, action) => void act.submit(offer, action)}
                onCounter={setCountering}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
      <CounterDialog
        negotiation={countering}
        onClose={() => setCountering(null)}
        side="broker"
        onCounter={(offer, rate, message) => respond(offer, 'counter', rate, message)}
      />
    </Card.Root>
  );
}
