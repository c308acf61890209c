import { Alert, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  BACKGROUND_CHECK_PATH,
  BACKGROUND_CHECK_REQUIRED_MESSAGE,
  shipmentOfferSchema,
  type RouteMatchDto,
} from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';
import { useState, type FormEvent } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useRouteMatchesStore } from '../../stores/routeMatches';
import { useMyBackgroundCheck } from '../backgroundChecks/useMyBackgroundCheck';

/** A driver's offer (price, message) on a shipment that matches one of their routes. */
export function OfferDialog({
  shipment,
  routeId,
  onClose,
}: {
  shipment: RouteMatchDto | null;
  routeId: string;
  onClose: () => void;
}) {
  return (
    <FormDialog title="Make an Offer" open={shipment !== null} onClose={onClose}>
      {shipment && <OfferForm key={shipment.id} shipment={shipment} routeId={routeId} onClose={onClose} />}
    </FormDialog>
  );
}

function OfferForm({
  shipment,
  routeId,
  onClose,
}: {
  shipment: RouteMatchDto;
  routeId: string;
  onClose: () => void;
}) {
  const makeOffer = useRouteMatchesStore((s) => s.makeOffer);
  const { check, status: checkStatus } = useMyBackgroundCheck();
  // Offers need an approved background check (the server refuses them otherwise): say so, and link to the form.
  const blocked = checkStatus === 'loaded' && check?.status !== 'approved';
  const [price, setPrice] = useState(String(shipment.myOffer?.price ?? shipment.offerPrice));
  const [message, setMessage] = useState(shipment.myOffer?.message ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending: submitting } = useSubmit(
    (input: Parameters<typeof makeOffer>[1]) => makeOffer(shipment.id, input),
    {
      successTitle: 'Offer sent',
      success: 'The customer has been notified of your offer.',
      failure: { fallback: 'Failed to send offer' },
      onSuccess: onClose,
    },
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { price, message, routeId };
    const parsed = shipmentOfferSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await send(parsed.data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          {blocked && (
            <Alert.Root status="warning" data-testid="background-check-required">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{BACKGROUND_CHECK_REQUIRED_MESSAGE}</Alert.Title>
                <Alert.Description>
                  {check?.status === 'pending'
                    ? 'Yours is being reviewed; you can make offers once it is approved. '
                    : ''}
                  <RouterLink to={BACKGROUND_CHECK_PATH} style={{ textDecoration: 'underline' }}>
                    {check?.status === 'pending'
                      ? 'View your background check'
                      : 'Complete your background check'}
                  </RouterLink>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Text color="gray.600">
            {shipment.title}: {shipment.originCity}, {shipment.originState} → {shipment.destinationCity},{' '}
            {shipment.destinationState}. The customer offers ${shipment.offerPrice.toFixed(2)}.
          </Text>
          <InputField
            label="Your Price ($)"
            error={errors.price}
            required
            {...MONEY_INPUT}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <FormField label="Message to Customer (Optional)" error={errors.message}>
            <Textarea
              rows={3}
              placeholder="When you can pick up, your vehicle, anything the customer should know"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={submitting}
        submitLabel={shipment.myOffer ? 'Update Offer' : 'Send Offer'}
        pending={submitting}
        disabled={blocked}
      />
    </form>
  );
}
