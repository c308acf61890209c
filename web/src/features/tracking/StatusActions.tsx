import { Button, Dialog, HStack, Text } from '@chakra-ui/react';
import type { TrackingFreightDto, TrackingStatusTarget } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { useSubmit } from '../../lib/useSubmit';
import { useCurrentUser } from '../../stores/session';
import { useTrackedLoadStore } from '../../stores/trackedLoad';

const SUCCESS: Record<TrackingStatusTarget, string> = {
  in_transit: 'Trip started',
  delivered: 'Load marked delivered',
  cancelled: 'Load cancelled',
};

/**
 * The status moves a participant may make from here (the server enforces them): the carrier starts the trip and
 * marks the load delivered (with a delivery photo); the poster cancels an available or booked load.
 */
export function StatusActions({ freight }: { freight: TrackingFreightDto }) {
  const user = useCurrentUser();
  const changeStatus = useTrackedLoadStore((s) => s.changeStatus);
  const [target, setTarget] = useState<TrackingStatusTarget | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const isCarrier = user?.id != null && user.id === freight.carrierId;
  const isPoster = user?.id != null && user.id === freight.posterId && !isCarrier;

  const move = useSubmit((status: TrackingStatusTarget) => changeStatus(freight.id, status), {
    successTitle: (status) => SUCCESS[status],
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: () => setConfirmCancel(false),
    onFailure: () => setConfirmCancel(false),
    onUnauthorized: () => setConfirmCancel(false),
  });
  const run = (status: TrackingStatusTarget) => {
    setTarget(status);
    return move.submit(status);
  };
  const pending = move.pending ? target : null;

  const actions = [
    isCarrier && freight.status === 'booked' && (
      <Button
        key="start"
        size="sm"
        colorPalette="orange"
        loading={pending === 'in_transit'}
        onClick={() => void run('in_transit')}
      >
        Start Trip
      </Button>
    ),
    isCarrier && freight.status === 'in_transit' && (
      <Button
        key="deliver"
        size="sm"
        colorPalette="purple"
        loading={pending === 'delivered'}
        onClick={() => void run('delivered')}
      >
        Mark Delivered
      </Button>
    ),
    isPoster && (freight.status === 'available' || freight.status === 'booked') && (
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
      <HStack gap="3">{actions}</HStack>
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
    </>
  );
}
