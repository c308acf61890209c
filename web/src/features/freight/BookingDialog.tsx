import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FreightListingDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
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
    <FormDialog title="Send Booking Request" open={listing !== null} onClose={onClose} placement="center">
      {listing && <BookingForm listing={listing} onClose={onClose} />}
    </FormDialog>
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
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={sending}
        submitLabel="Send Booking Request"
        pendingLabel="Sending..."
        pending={sending}
        onSubmit={() => void send()}
      />
    </>
  );
}
