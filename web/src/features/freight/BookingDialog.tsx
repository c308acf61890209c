import { Button, CloseButton, Dialog, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FreightListingDto } from '@freight/shared';
import { useState } from 'react';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { handleUnauthorized, isUnauthorizedError } from '../../lib/api';
import { useFreightStore } from '../../stores/freight';
import { formatMoney } from './format';

/** SPEC §2 'Send Booking Request': closes and clears on success or Cancel. */
export function BookingDialog({
  listing,
  onClose,
}: {
  listing: FreightListingDto | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={listing !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Send Booking Request</Dialog.Title>
            </Dialog.Header>
            {listing && <BookingForm listing={listing} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function BookingForm({ listing, onClose }: { listing: FreightListingDto; onClose: () => void }) {
  const requestBooking = useFreightStore((s) => s.requestBooking);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const text = await requestBooking(listing.id, message);
      notify({ title: 'Success', description: text, type: 'success' });
      onClose();
    } catch (err) {
      setSending(false);
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      notify({ title: 'Error', description: 'Failed to send booking request', type: 'error' });
    }
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Text fontWeight="semibold">{listing.title}</Text>
            <Text color="gray.600">
              {listing.originCity}, {listing.originState} → {listing.destinationCity},{' '}
              {listing.destinationState}
            </Text>
            <Text fontWeight="semibold" color="green.700">
              {formatMoney(listing.rate) ?? 'Rate TBD'}
            </Text>
          </Stack>
          <FormField label="Message to Shipper (Optional)">
            <Textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Introduce yourself and your company, your equipment, and when you can pick up..."
              rows={4}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={() => void send()} disabled={sending}>
          {sending ? 'Sending...' : 'Send Booking Request'}
        </Button>
      </Dialog.Footer>
    </>
  );
}
