import { Card, Heading, SimpleGrid } from '@chakra-ui/react';
import type { TrackingFreightDto, TripStopDto } from '@freight/shared';
import { PinDockButton } from './PinDockButton';
import { StopDetails } from './StopDetails';

/**
 * The load's pickup and delivery with their details (issue 39), for the viewers the server tells them to (the
 * poster's side, the booked carrier's dispatcher, the assigned driver); nothing for anyone else. A stop the viewer
 * may pin the dock of (its `pinDock`) has the button.
 */
export function StopsCard({ freight }: { freight: TrackingFreightDto }) {
  const { pickupStop, deliveryStop } = freight;
  const between = freight.extraStops ?? [];
  const label = (stop: TripStopDto) => {
    const kind = stop.kind === 'pickup' ? 'Pickup' : 'Delivery';
    return between.length && stop.sequence ? `Stop ${stop.sequence} · ${kind}` : kind;
  };
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
          {[pickupStop, ...between, deliveryStop].map(
            (stop) =>
              stop && (
                <StopDetails
                  key={stop.sequence ?? stop.kind}
                  stop={stop}
                  label={label(stop)}
                  testId="tracking-stop"
                >
                  {stop.viewerActions?.pinDock && <PinDockButton freightId={freight.id} stop={stop} />}
                </StopDetails>
              ),
          )}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
