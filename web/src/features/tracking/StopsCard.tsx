import { Card, Heading, SimpleGrid } from '@chakra-ui/react';
import type { TrackingFreightDto } from '@freight/shared';
import { StopDetails } from './StopDetails';

/**
 * The load's pickup and delivery with their details (issue 39), for the viewers the server tells them to (the
 * poster's side, the booked carrier's dispatcher, the assigned driver); nothing for anyone else.
 */
export function StopsCard({ freight }: { freight: TrackingFreightDto }) {
  const { pickupStop, deliveryStop } = freight;
  if (!pickupStop && !deliveryStop) return null;
  return (
    <Card.Root size="sm" as="section" aria-label="Stops" data-testid="tracking-stops">
      <Card.Header>
        <Heading as="h2" size="sm">
          Stops
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {pickupStop && <StopDetails stop={pickupStop} label="Pickup" testId="tracking-stop" />}
          {deliveryStop && <StopDetails stop={deliveryStop} label="Delivery" testId="tracking-stop" />}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
