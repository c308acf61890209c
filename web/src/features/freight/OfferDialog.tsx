import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  DEFAULT_OFFER_VALIDITY_HOURS,
  OFFER_VALIDITY_HOURS,
  offerExpiry,
  rateOfferSchema,
  type FreightListingDto,
  type RateOfferInput,
} from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useFreightStore } from '../../stores/freight';
import { formatMoney } from './format';

const VALIDITY_OPTIONS = OFFER_VALIDITY_HOURS.map((h) => ({ value: String(h), label: `${h} hours` }));

/** The rate offer dialog (SPEC §5 offer form): rate required (step 0.01, min 0), validity 6-72 hours (default 24). */
export function OfferDialog({
  listing,
  onClose,
}: {
  listing: FreightListingDto | null;
  onClose: () => void;
}) {
  return (
    <FormDialog title="Make Rate Offer" open={listing !== null} onClose={onClose} placement="center">
      {listing && <OfferForm listing={listing} onClose={onClose} />}
    </FormDialog>
  );
}

function OfferForm({ listing, onClose }: { listing: FreightListingDto; onClose: () => void }) {
  const makeOffer = useFreightStore((s) => s.makeOffer);
  const [proposedRate, setProposedRate] = useState('');
  const [proposedRatePerMile, setProposedRatePerMile] = useState('');
  const [message, setMessage] = useState('');
  const [validity, setValidity] = useState(String(DEFAULT_OFFER_VALIDITY_HOURS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending: sending } = useSubmit(
    (input: RateOfferInput) => makeOffer(listing.id, input),
    {
      success: 'Rate offer submitted successfully!',
      failure: 'Failed to submit offer. Please try again.',
      onSuccess: onClose,
    },
  );

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
    await send(parsed.data);
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="gray.600">
            {listing.title}: {listing.originCity}, {listing.originState} → {listing.destinationCity},{' '}
            {listing.destinationState} (posted at {formatMoney(listing.rate) ?? 'TBD'})
          </Text>
          <InputField
            label="Proposed Rate ($)"
            error={errors.proposedRate}
            required
            {...MONEY_INPUT}
            value={proposedRate}
            onChange={(e) => setProposedRate(e.target.value)}
          />
          <InputField
            label="Rate per Mile ($)"
            error={errors.proposedRatePerMile}
            {...MONEY_INPUT}
            value={proposedRatePerMile}
            onChange={(e) => setProposedRatePerMile(e.target.value)}
          />
          <FormField label="Offer Valid For">
            <SelectInput value={validity} onChange={setValidity} options={VALIDITY_OPTIONS} />
          </FormField>
          <FormField label="Message (Optional)">
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={sending}
        submitLabel="Submit Offer"
        pendingLabel="Submitting..."
        pending={sending}
        onSubmit={() => void submit()}
      />
    </>
  );
}
