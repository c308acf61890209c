import { Card, DataList, Heading } from '@chakra-ui/react';
import type { LoadPartyDto } from '@freight/shared';
import { useEffect, type ReactNode } from 'react';
import { takingOverFromServer } from '../../lib/serverData';
import { useLoadPartiesStore } from '../../stores/loadParties';
import { PosterRating } from '../companies/PosterRating';
import { authorityLine } from '../freight/format';

/**
 * Who is on the load (issue 16): shipper or broker, and the carrier, with their MC and USDOT numbers; the poster's
 * rating and days-to-pay (issue 40) under the poster.
 */
export function LoadPartiesCard({ freightId, bookedStatus }: { freightId: string; bookedStatus: string }) {
  const entry = useLoadPartiesStore((s) => s.byId[freightId]);
  const load = useLoadPartiesStore((s) => s.load);
  useEffect(() => {
    // A page taken over from the server came with them (firstLoads.ts).
    if (!takingOverFromServer()) void load(freightId);
  }, [freightId, bookedStatus, load]);
  const parties = entry?.data;
  if (!parties && entry?.status === 'failed') return null;
  // While the parties load, the card holds its place (issue 24): the cards below do not jump when they arrive.
  const row = (label: string, p: LoadPartyDto | null | undefined, badge?: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue flexDirection="column" alignItems="flex-start">
        {p === undefined
          ? 'Loading...'
          : p
            ? [p.companyName ?? p.name, authorityLine(p.mcNumber, p.usdotNumber, p.userType)]
                .filter(Boolean)
                .join(' · ')
            : 'Not booked yet'}
        {p && badge}
      </DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Card.Root size="sm" data-testid="load-parties" aria-busy={!parties}>
      <Card.Header>
        <Heading as="h2" size="sm">
          Parties
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          {row(
            'Posted by',
            parties?.poster,
            parties && (
              <PosterRating rating={parties.posterRating} partyId={parties.posterRating.companyId} />
            ),
          )}
          {row('Carrier', parties?.carrier)}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
