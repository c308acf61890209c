import { Button, CloseButton, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import type { TrackingFreightDto, TrackingStatusTarget } from '@freight/shared';
import { useState } from 'react';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../stores/session';
import { useTrackingStore } from '../../stores/tracking';

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
  const changeStatus = useTrackingStore((s) => s.changeStatus);
  const [pending, setPending] = useState<TrackingStatusTarget | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const isCarrier = user?.id != null && user.id === freight.carrierId;
  const isPoster = user?.id != null && user.id === freight.posterId && !isCarrier;

  const run = async (status: TrackingStatusTarget) => {
    setPending(status);
    try {
      await changeStatus(status);
      notify({ title: SUCCESS[status], type: 'success' });
    } catch (err) {
      notify({ title: 'Error', description: errorMessage(err), type: 'error' });
    } finally {
      setPending(null);
      setConfirmCancel(false);
    }
  };

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
      <Dialog.Root
        open={confirmCancel}
        onOpenChange={(e) => setConfirmCancel(e.open)}
        placement="center"
        lazyMount
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Cancel this load?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>The carrier is told at once. A cancelled load cannot be reopened.</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirmCancel(false)}>
                  Keep Load
                </Button>
                <Button
                  colorPalette="red"
                  loading={pending === 'cancelled'}
                  onClick={() => void run('cancelled')}
                >
                  Cancel Load
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
