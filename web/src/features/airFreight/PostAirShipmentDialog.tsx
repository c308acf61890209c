import { Dialog, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import {
  AIR_WEIGHT_CLASSES,
  AIR_WEIGHT_CLASS_LABELS,
  CARGO_TYPES,
  CARGO_TYPE_LABELS,
  COUNTRY_NAMES,
  postLoadSchema,
  regionRequired,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { CheckboxField } from '../../components/CheckboxField';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useAirFreightStore } from '../../stores/airFreight';

const EMPTY = {
  title: '',
  originCity: '',
  originState: '',
  originCountry: 'United States',
  destinationCity: '',
  destinationState: '',
  destinationCountry: '',
  cargoType: 'general',
  weightClass: '',
  weight: '',
  distance: '',
  rate: '',
  pickupDate: '',
  deliveryDate: '',
  description: '',
  isUrgent: false,
};
type AirForm = typeof EMPTY;

const COUNTRY_OPTIONS = plainOptions(COUNTRY_NAMES);
const CARGO_OPTIONS = CARGO_TYPES.map((c) => ({ value: c, label: CARGO_TYPE_LABELS[c] }));
const WEIGHT_CLASS_OPTIONS = AIR_WEIGHT_CLASSES.map((c) => ({ value: c, label: AIR_WEIGHT_CLASS_LABELS[c] }));

/** 'Post Air Shipment' (air_cargo users): POST /api/freight with equipmentType air_cargo. */
export function PostAirShipmentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const post = useAirFreightStore((s) => s.post);
  const [form, setForm] = useState<AirForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending: submitting } = useSubmit(post, {
    success: 'Air shipment posted successfully!',
    failure: { fallback: 'Failed to post air shipment. Please try again.' },
    onSuccess: () => {
      setForm(EMPTY);
      onClose();
    },
    resetOnSuccess: true,
  });

  const set = <K extends keyof AirForm>(key: K, value: AirForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof AirForm) => ({
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload = { ...form, equipmentType: 'air_cargo' as const };
    const parsed = postLoadSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await send(payload);
  };

  return (
    <FormDialog title="Post Air Shipment" open={open} onClose={close} size="lg" scrollBehavior="inside">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <InputField
              label="Title"
              error={errors.title}
              placeholder="e.g. Electronics to Frankfurt"
              {...text('title')}
            />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <InputField label="Origin City" error={errors.originCity} required {...text('originCity')} />
              <InputField
                label="Origin State/Region"
                error={errors.originState}
                required={regionRequired(form.originCountry)}
                {...text('originState')}
              />
              <FormField label="Origin Country" error={errors.originCountry}>
                <SelectInput
                  value={form.originCountry}
                  onChange={(v) => set('originCountry', v)}
                  options={COUNTRY_OPTIONS}
                />
              </FormField>
              <InputField
                label="Destination City"
                error={errors.destinationCity}
                required
                {...text('destinationCity')}
              />
              <InputField
                label="Destination State/Region"
                error={errors.destinationState}
                required={regionRequired(form.destinationCountry)}
                {...text('destinationState')}
              />
              <FormField label="Destination Country" error={errors.destinationCountry}>
                <SelectInput
                  value={form.destinationCountry}
                  onChange={(v) => set('destinationCountry', v)}
                  options={COUNTRY_OPTIONS}
                  placeholder="Select country"
                />
              </FormField>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <FormField label="Cargo Type" error={errors.cargoType}>
                <SelectInput
                  value={form.cargoType}
                  onChange={(v) => set('cargoType', v)}
                  options={CARGO_OPTIONS}
                />
              </FormField>
              <FormField label="Weight Class" error={errors.weightClass}>
                <SelectInput
                  value={form.weightClass}
                  onChange={(v) => set('weightClass', v)}
                  options={WEIGHT_CLASS_OPTIONS}
                  placeholder="Select weight class"
                />
              </FormField>
              <InputField
                label="Weight (lbs)"
                error={errors.weight}
                type="number"
                min="1"
                step="1"
                {...text('weight')}
              />
              <InputField
                label="Distance (miles)"
                error={errors.distance}
                type="number"
                min="1"
                step="1"
                {...text('distance')}
              />
              <InputField label="Rate ($)" error={errors.rate} {...MONEY_INPUT} {...text('rate')} />
              <span />
              <InputField label="Pickup Date" error={errors.pickupDate} type="date" {...text('pickupDate')} />
              <InputField
                label="Delivery Date"
                error={errors.deliveryDate}
                type="date"
                {...text('deliveryDate')}
              />
            </SimpleGrid>
            <FormField label="Description" error={errors.description}>
              <Textarea rows={3} {...text('description')} />
            </FormField>
            <CheckboxField
              label="Urgent shipment"
              checked={form.isUrgent}
              onChange={(v) => set('isUrgent', v)}
            />
          </Stack>
        </Dialog.Body>
        <FormDialogFooter
          onCancel={close}
          cancelDisabled={submitting}
          submitLabel="Post Air Shipment"
          pending={submitting}
        />
      </form>
    </FormDialog>
  );
}
