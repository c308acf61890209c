import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  NEGOTIATION_MESSAGE_MAX,
  PAYMENT_TERMS,
  addShipperSchema,
  type NegotiationDto,
} from '@freight/shared';
import { useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useBrokerStore } from '../../stores/broker';
import { formatMoney } from '../freight/format';

/**
 * Counter (issue 39: a round): either side proposes another rate against the other's last figure, with an optional
 * message; the other side sees it live and may accept it or counter back. `side`: who counters.
 */
export function CounterDialog({
  negotiation,
  side,
  onClose,
  onCounter,
}: {
  negotiation: NegotiationDto | null;
  side: 'broker' | 'carrier';
  onClose: () => void;
  /** Sends the counter (the load page, the dashboard card, the carrier's offers); the Broker Hub's store by default. */
  onCounter?: (negotiation: NegotiationDto, counterRate: number, message: string) => Promise<string>;
}) {
  const respond = useBrokerStore((s) => s.respond);
  const [rate, setRate] = useState('');
  const [message, setMessage] = useState('');
  const { submit, pending: sending } = useSubmit(
    (n: NegotiationDto) =>
      onCounter
        ? onCounter(n, Number(rate), message)
        : respond(n.id, 'counter', { counterRate: Number(rate), message, version: n.version }),
    {
      success: (text) => text,
      failure: 'Failed to process negotiation. Please try again.',
      onSuccess: () => {
        setRate('');
        setMessage('');
        onClose();
      },
      resetOnSuccess: true,
    },
  );
  const send = async () => {
    if (!negotiation || rate.trim() === '' || Number(rate) < 0) return;
    await submit(negotiation);
  };
  return (
    <FormDialog title="Counter Offer" open={negotiation !== null} onClose={onClose} placement="center">
      <Dialog.Body>
        <Stack gap="3">
          <Text color="gray.600">
            {side === 'broker'
              ? `Carrier offered ${formatMoney(negotiation?.proposedRate) ?? ''}.`
              : `Your counterpart countered ${formatMoney(negotiation?.counterRate) ?? ''}.`}
          </Text>
          <InputField
            label="Counter Rate ($)"
            required
            {...MONEY_INPUT}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
          <FormField label="Message (Optional)">
            <Textarea
              maxLength={NEGOTIATION_MESSAGE_MAX}
              rows={3}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
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
