import {
  Button,
  CloseButton,
  Dialog,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  DEFAULT_OFFER_VALIDITY_HOURS,
  OFFER_VALIDITY_HOURS,
  offerExpiry,
  rateOfferSchema,
  type FreightListingDto,
} from '@freight/shared';
import { useState } from 'react';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { handleUnauthorized, isUnauthorizedError } from '../../lib/api';
import { fieldErrors } from '../../lib/validation';
import { useFreightStore } from '../../stores/freight';
import { formatMoney } from './format';

/** The rate offer dialog (SPEC §5 offer form): rate required (step 0.01, min 0), validity 6-72 hours (default 24). */
export function OfferDialog({
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
              <Dialog.Title>Make Rate Offer</Dialog.Title>
            </Dialog.Header>
            {listing && <OfferForm listing={listing} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function OfferForm({ listing, onClose }: { listing: FreightListingDto; onClose: () => void }) {
  const makeOffer = useFreightStore((s) => s.makeOffer);
  const [proposedRate, setProposedRate] = useState('');
  const [proposedRatePerMile, setProposedRatePerMile] = useState('');
  const [message, setMessage] = useState('');
  const [validity, setValidity] = useState(String(DEFAULT_OFFER_VALIDITY_HOURS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const input = {
      proposedRate: proposedRate.trim() === '' ? undefined : Number(proposedRate),
      proposedRatePerMile: proposedRatePerMile.trim() === '' ? null : Number(proposedRatePerMile),
      message: message.trim() || null,
      expiresAt: offerExpiry(Number(validity)),
    };
    const parsed = rateOfferSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await makeOffer(listing.id, parsed.data);
      notify({ title: 'Success', description: 'Rate offer submitted successfully!', type: 'success' });
      onClose();
    } catch (err) {
      setSending(false);
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      notify({ title: 'Error', description: 'Failed to submit offer. Please try again.', type: 'error' });
    }
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="gray.600">
            {listing.title}: {listing.originCity}, {listing.originState} → {listing.destinationCity},{' '}
            {listing.destinationState} (posted at {formatMoney(listing.rate) ?? 'TBD'})
          </Text>
          <FormField label="Proposed Rate ($)" error={errors.proposedRate} required>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={proposedRate}
              onChange={(e) => setProposedRate(e.target.value)}
            />
          </FormField>
          <FormField label="Rate per Mile ($)" error={errors.proposedRatePerMile}>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={proposedRatePerMile}
              onChange={(e) => setProposedRatePerMile(e.target.value)}
            />
          </FormField>
          <FormField label="Offer Valid For">
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label="Offer Valid For"
                value={validity}
                onChange={(e) => setValidity(e.currentTarget.value)}
              >
                {OFFER_VALIDITY_HOURS.map((h) => (
                  <option key={h} value={h}>
                    {h} hours
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Message (Optional)">
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={() => void submit()} disabled={sending}>
          {sending ? 'Submitting...' : 'Submit Offer'}
        </Button>
      </Dialog.Footer>
    </>
  );
}
