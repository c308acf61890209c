import { Dialog, Stack, Text } from '@chakra-ui/react';
import { PAYMENT_TERMS, addShipperSchema, type NegotiationDto } from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { notify } from '../../components/ui/toaster';
import { errorMessage, handleUnauthorized, isUnauthorizedError } from '../../lib/api';
import { fieldErrors } from '../../lib/validation';
import { useBrokerStore } from '../../stores/broker';
import { formatMoney } from '../freight/format';

/** Counter: the broker proposes another rate; the carrier sees it and can accept it. */
export function CounterDialog({
  negotiation,
  onClose,
}: {
  negotiation: NegotiationDto | null;
  onClose: () => void;
}) {
  const respond = useBrokerStore((s) => s.respond);
  const [rate, setRate] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!negotiation || rate.trim() === '' || Number(rate) < 0) return;
    setSending(true);
    try {
      notify({
        title: 'Success',
        description: await respond(negotiation.id, 'counter', Number(rate)),
        type: 'success',
      });
      setRate('');
      onClose();
    } catch (err) {
      if (isUnauthorizedError(err)) handleUnauthorized();
      else
        notify({
          title: 'Error',
          description: 'Failed to process negotiation. Please try again.',
          type: 'error',
        });
    } finally {
      setSending(false);
    }
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
  const [saving, setSaving] = useState(false);
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
    setSaving(true);
    try {
      await addShipper(input);
      notify({ title: 'Success', description: 'Shipper relationship added successfully!', type: 'success' });
      setEmail('');
      setCreditLimit('');
      onClose();
    } catch (err) {
      if (isUnauthorizedError(err)) handleUnauthorized();
      else
        notify({
          title: 'Error',
          description: errorMessage(err, 'Failed to add shipper relationship'),
          type: 'error',
        });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog title="Add Shipper Relationship" open={open} onClose={onClose} placement="center">
      <Dialog.Body>
        <Stack gap="3">
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
        submitLabel="Add Shipper"
        pendingLabel="Adding..."
        pending={saving}
        onSubmit={() => void save()}
      />
    </FormDialog>
  );
}
