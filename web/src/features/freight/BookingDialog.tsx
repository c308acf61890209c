import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FreightListingDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../lib/useSubmit';
import { useMyBookingRequestsStore } from '../../stores/bookingRequests';
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
  const requestBooking = useMyBookingRequestsStore((s) => s.request);
  const [message, setMessage] = useState('');
  const { submit: send, pending: sending } = useSubmit(() => requestBooking(listing.id, message), {
    success: (text) => text,
    // The server's reason (a request already pending, the load taken meanwhile...).
    failure: { fallback: 'Failed to send booking request' },
    onSuccess: onClose,
  });

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
