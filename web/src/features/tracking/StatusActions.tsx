import { Button, Dialog, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { DELIVERY_REASON_NEEDED, type TrackingFreightDto, type TrackingStatusTarget } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { errorHasDetailCode, errorMessage } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
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
  const changeStatus = useTrackedLoadStore((s) => s.changeStatus);
  const [target, setTarget] = useState<TrackingStatusTarget | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  /** The server asked why the delivery is marked away from the delivery place (or without a shared location). */
  const [askReason, setAskReason] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const can = freight.viewerActions ?? {};

  const closeDialogs = () => {
    setConfirmCancel(false);
    setAskReason(null);
  };
  const move = useSubmit(
    (status: TrackingStatusTarget, note: string | undefined) => changeStatus(freight.id, status, note),
    {
      successTitle: (status) => SUCCESS[status],
      failure: 'refusal',
      resetOnSuccess: true,
      onSuccess: closeDialogs,
      onFailure: (err) => {
        setConfirmCancel(false);
        // Away from the delivery place: the carrier may still mark it, with a reason the shipper sees.
        if (errorHasDetailCode(err, DELIVERY_REASON_NEEDED)) setAskReason(errorMessage(err));
      },
      onUnauthorized: closeDialogs,
    },
  );
  const run = (status: TrackingStatusTarget, note?: string) => {
    setTarget(status);
    return move.submit(status, note);
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
    can.markDelivered && (
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
      <FormDialog
        title="Mark delivered away from the delivery place?"
        open={askReason !== null}
        onClose={() => setAskReason(null)}
        placement="center"
      >
        <Dialog.Body>
          <Stack gap="3">
            <Text>{askReason}</Text>
            <Field.Root required>
              <Field.Label>Reason the shipper will see</Field.Label>
              <Textarea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder="e.g. Receiver asked for delivery at their second warehouse"
                rows={3}
              />
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <FormDialogFooter
          onCancel={() => setAskReason(null)}
          submitLabel="Mark Delivered"
          pending={pending === 'delivered'}
          disabled={reason.trim().length < 3}
          onSubmit={() => void run('delivered', reason.trim())}
        />
      </FormDialog>
    </>
  );
}
