import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { offerLoadToTruckSchema, type TruckPostDto } from '@freight/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { SelectInput } from '../../components/SelectInput';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { formatDay } from '../freight/format';
import { useOfferableLoadsStore, useTruckBoardStore } from '../../stores/truckPosts';
import { datesOf, equipmentName, placeOf } from './format';

interface OfferLoadDialogProps {
  post: TruckPostDto | null;
  /** A load to start with (from a match alert's link). */
  loadId?: string | null;
  onClose: () => void;
}

/**
 * The poster offers one of their open loads to a posted truck's carrier at a rate: the carrier answers it in their
 * offers like a counter offer, and accepting books the load.
 */
export function OfferLoadDialog({ post, loadId, onClose }: OfferLoadDialogProps) {
  return (
    <FormDialog title="Offer a load to this truck" open={post !== null} onClose={onClose}>
      {post && <OfferLoadForm post={post} loadId={loadId ?? null} onClose={onClose} />}
    </FormDialog>
  );
}

function OfferLoadForm({
  post,
  loadId,
  onClose,
}: {
  post: TruckPostDto;
  loadId: string | null;
  onClose: () => void;
}) {
  const loads = useOfferableLoadsStore(selectItems);
  const status = useOfferableLoadsStore(selectStatus);
  const fetchLoads = useOfferableLoadsStore((s) => s.load);
  const offerLoad = useTruckBoardStore((s) => s.offerLoad);
  const [chosen, setChosen] = useState(loadId ?? '');
  const [rate, setRate] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void fetchLoads();
  }, [fetchLoads]);
  const selected = loads.find((l) => l.id === chosen);
  useEffect(() => {
    if (selected && rate === '' && selected.rate != null) setRate(String(selected.rate));
  }, [selected, rate]);
  const { submit: send, pending } = useSubmit(
    (input: { loadId: string; rate: number; message: string | null }) => offerLoad(post.id, input),
    {
      success: 'Load offered: the carrier can accept it to book the load',
      failure: { fallback: 'Failed to offer the load. Please try again.' },
      onSuccess: onClose,
    },
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { loadId: chosen, rate: rate === '' ? NaN : Number(rate), message: message.trim() || null };
    const parsed = offerLoadToTruckSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await send(input);
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Offer a load to this truck">
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm">
            {post.carrierName ?? 'Carrier'}: {equipmentName(post.equipmentType)} in {placeOf(post)},{' '}
            {datesOf(post)}
          </Text>
          <FormField label="Load" error={errors.loadId}>
            {status === 'loaded' && loads.length === 0 ? (
              <Text fontSize="sm" color="gray.600">
                You have no open loads to offer. Post a load first.
              </Text>
            ) : (
              <SelectInput
                value={chosen}
                onChange={setChosen}
                placeholder={status === 'loaded' ? 'Choose a load' : 'Loading your loads...'}
                options={loads.map((l) => ({
                  value: l.id,
                  label: `${l.originCity}, ${l.originState} → ${l.destinationCity}, ${l.destinationState}${
                    l.pickupDate ? ` (${formatDay(l.pickupDate)})` : ''
                  }`,
                }))}
              />
            )}
          </FormField>
          <InputField
            label="Rate offered ($, whole load)"
            error={errors.rate}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            {...MONEY_INPUT}
          />
          <FormField label="Message (optional)" error={errors.message}>
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        submitLabel="Offer Load"
        pendingLabel="Offering..."
        pending={pending}
      />
    </form>
  );
}
