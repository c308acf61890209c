import { Button, CloseButton, Dialog, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { PAYMENT_TERMS, addShipperSchema, type NegotiationDto } from '@freight/shared';
import { useState, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage, handleUnauthorized, isUnauthorizedError } from '../../lib/api';
import { fieldErrors } from '../../lib/validation';
import { useBrokerStore } from '../../stores/broker';
import { formatMoney } from '../freight/format';

function SmallDialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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
    <SmallDialog title="Counter Offer" open={negotiation !== null} onClose={onClose}>
      <Dialog.Body>
        <Stack gap="3">
          <Text color="gray.600">Carrier offered {formatMoney(negotiation?.proposedRate)}.</Text>
          <FormField label="Counter Rate ($)" required>
            <Input type="number" min={0} step={0.01} value={rate} onChange={(e) => setRate(e.target.value)} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={() => void send()} disabled={sending || rate.trim() === ''}>
          {sending ? 'Sending...' : 'Send Counter'}
        </Button>
      </Dialog.Footer>
    </SmallDialog>
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
    <SmallDialog title="Add Shipper Relationship" open={open} onClose={onClose}>
      <Dialog.Body>
        <Stack gap="3">
          <FormField label="Shipper Email" error={errors.shipperEmail} required>
            <Input type="email" value={shipperEmail} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <FormField label="Credit Limit ($)" error={errors.creditLimit}>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={creditLimit}
              onChange={(e) => setCreditLimit(e.target.value)}
            />
          </FormField>
          <FormField label="Payment Terms">
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label="Payment Terms"
                value={paymentTerms}
                onChange={(e) => setTerms(e.currentTarget.value)}
              >
                {PAYMENT_TERMS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={() => void save()} disabled={saving}>
          {saving ? 'Adding...' : 'Add Shipper'}
        </Button>
      </Dialog.Footer>
    </SmallDialog>
  );
}
