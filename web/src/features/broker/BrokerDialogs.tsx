import { Dialog, Stack, Text } from '@chakra-ui/react';
import { PAYMENT_TERMS, addShipperSchema, type NegotiationDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useBrokerStore } from '../../stores/broker';
import { formatMoney } from '../freight/format';

/** Counter: the broker proposes another rate; the carrier sees it and can accept it. */
export function CounterDialog({
  negotiation,
  onClose,
  onCounter,
}: {
  negotiation: NegotiationDto | null;
  onClose: () => void;
  /** Sends the counter (the load page and the dashboard card); the Broker Hub's store by default. */
  onCounter?: (negotiation: NegotiationDto, counterRate: number) => Promise<string>;
}) {
  const respond = useBrokerStore((s) => s.respond);
  const [rate, setRate] = useState('');
  const { submit, pending: sending } = useSubmit(
    (id: string) =>
      onCounter && negotiation
        ? onCounter(negotiation, Number(rate))
        : respond(id, 'counter', { counterRate: Number(rate) }),
    {
      success: (text) => text,
      failure: 'Failed to process negotiation. Please try again.',
      onSuccess: () => {
        setRate('');
        onClose();
      },
      resetOnSuccess: true,
    },
  );
  const send = async () => {
    if (!negotiation || rate.trim() === '' || Number(rate) < 0) return;
    await submit(negotiation.id);
  };
  return (
    <FormDialog title="Counter Offer" open={negotiation !== null} onClose={onClose} placement="center">
      <Dialog.Body>
        <Stack gap="3">
          <Text color="gray.600">Carrier offered {formatMoney(negotiation?.proposedRate)}.</Text>
          <InputField
            label="Counter Rate ($)"
            required
            {...MONEY_INPUT}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        submitLabel="Send Counter"
        pendingLabel="Sending..."
        pending={sending}
        disabled={rate.trim() === ''}
        onSubmit={() => void send()}
      />
    </FormDialog>
  );
}

/** 'Add Shipper Relationship': by the shipper's account email, with credit limit and payment terms. */
export function AddShipperDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const addShipper = useBrokerStore((s) => s.addShipper);
  const [shipperEmail, setEmail] = useState('');
  const [creditLimit, setCreditLimit] = useState('');
  const [paymentTerms, setTerms] = useState<string>('Net 30');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, pending: saving } = useSubmit(addShipper, {
    success: 'Invitation sent. The shipper appears here once they accept it.',
    failure: { fallback: 'Failed to send the invitation' },
    onSuccess: () => {
      setEmail('');
      setCreditLimit('');
      onClose();
    },
    resetOnSuccess: true,
  });
  const save = async () => {
    const input = {
      shipperEmail,
      creditLimit: creditLimit.trim() === '' ? null : Number(creditLimit),
      paymentTerms,
    };
    const parsed = addShipperSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await submit(input);
  };
  return (
    <FormDialog title="Add Shipper Relationship" open={open} onClose={onClose} placement="center">
      <Dialog.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="gray.600">
            We send an invitation to the shipper account with this email. The relationship starts when they
            accept it.
          </Text>
          <InputField
            label="Shipper Email"
            error={errors.shipperEmail}
            required
            type="email"
            value={shipperEmail}
            onChange={(e) => setEmail(e.target.value)}
          />
          <InputField
            label="Credit Limit ($)"
            error={errors.creditLimit}
            {...MONEY_INPUT}
            value={creditLimit}
            onChange={(e) => setCreditLimit(e.target.value)}
          />
          <FormField label="Payment Terms">
            <SelectInput value={paymentTerms} onChange={setTerms} options={plainOptions(PAYMENT_TERMS)} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        submitLabel="Send Invitation"
        pendingLabel="Sending..."
        pending={saving}
        onSubmit={() => void save()}
      />
    </FormDialog>
  );
}
