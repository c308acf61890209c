import { Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { deliveryArrival, type TrackingFreightDto, type TrackingStatusTarget } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { useTrackedLoadStore } from '../../stores/trackedLoad';
import { DeliverDialog } from './DeliverDialog';
import { useLoadStops } from './TripProgress';

type Move = Exclude<TrackingStatusTarget, 'delivered'>;

const SUCCESS: Record<Move, string> = {
  in_transit: 'Trip started',
  cancelled: 'Load cancelled',
};

/**
 * The status moves a participant may make from here (the server enforces them): the carrier starts the trip and
 * marks the load delivered, with the receiver's signature (issue 39): as the primary action once the truck is known
 * to be at the delivery stop, else behind 'Not at the delivery stop yet' with a reason; the poster cancels an
 * available or booked load.
 */
export function StatusActions({ freight }: { freight: TrackingFreightDto }) {
  const changeStatus = useTrackedLoadStore((s) => s.changeStatus);
  const reported = useLoadPositionStore((s) => s.byId[freight.id]?.data?.location);
  const stops = useLoadStops(freight.id);
  const [target, setTarget] = useState<Move | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  /** The delivery dialog: closed, or open at the stop or away from it. */
  const [delivering, setDelivering] = useState<'arrived' | 'away' | null>(null);
  const can = freight.viewerActions ?? {};
  const place =
    freight.deliveryLat != null && freight.deliveryLng != null
      ? { lat: freight.deliveryLat, lng: freight.deliveryLng }
      : null;
  const last = reported ?? { lat: freight.currentLat, lng: freight.currentLng };
  const arrived =
    deliveryArrival(
      place,
      last.lat != null && last.lng != null ? { lat: last.lat, lng: last.lng } : null,
      stops.some((s) => s.kind === 'arrived_delivery'),
    ).arrival !== null;

  const move = useSubmit((status: Move) => changeStatus(freight.id, status), {
    successTitle: (status) => SUCCESS[status],
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: () => setConfirmCancel(false),
    onFailure: () => setConfirmCancel(false),
    onUnauthorized: () => setConfirmCancel(false),
  });
  const run = (status: Move) => {
    setTarget(status);
    return move.submit(status);
  };
  const pending = move.pending ? target : null;

  const actions = [
    can.startTrip && (
      <Button
        key="start"
        size="sm"
        // A go-ahead, not a warning: the theme's solid green (green.700, AA with white), not a destructive orange.
        colorPalette="green"
        loading={pending === 'in_transit'}
        onClick={() => void run('in_transit')}
      >
        Start Trip
      </Button>
    ),
    can.markDelivered && arrived && (
      <Button key="deliver" size="sm" colorPalette="purple" onClick={() => setDelivering('arrived')}>
        Mark Delivered
      </Button>
    ),
    can.markDelivered && !arrived && (
      <Stack key="deliver-away" gap="1">
        <Text fontSize="sm" color="gray.600" data-testid="deliver-when-arrived">
          Mark Delivered appears when the truck arrives at the delivery stop.
        </Text>
        <Button size="sm" variant="outline" colorPalette="purple" onClick={() => setDelivering('away')}>
          Not at the delivery stop yet
        </Button>
      </Stack>
    ),
    can.cancel && (
      <Button
        key="cancel"
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={() => setConfirmCancel(true)}
      >
        Cancel Load
      </Button>
    ),
  ].filter(Boolean);
  if (actions.length === 0) return null;

  return (
    <>
      <HStack gap="3" wrap="wrap" align="end">
        {actions}
      </HStack>
      <FormDialog
        title="Cancel this load?"
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        placement="center"
      >
        <Dialog.Body>
          <Text>The carrier is told at once. A cancelled load cannot be reopened.</Text>
        </Dialog.Body>
        <FormDialogFooter
          onCancel={() => setConfirmCancel(false)}
          cancelLabel="Keep Load"
          submitLabel="Cancel Load"
          pending={pending === 'cancelled'}
          onSubmit={() => void run('cancelled')}
          colorPalette="red"
        />
      </FormDialog>
      <DeliverDialog
        freight={freight}
        open={delivering !== null}
        away={delivering === 'away'}
        onClose={() => setDelivering(null)}
      />
    </>
  );
}
