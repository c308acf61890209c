import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import {
  AIR_COUNTRIES,
  AIR_WEIGHT_CLASSES,
  AIR_WEIGHT_CLASS_LABELS,
  CARGO_TYPES,
  CARGO_TYPE_LABELS,
  postLoadSchema,
} from '@freight/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage, handleUnauthorized, isUnauthorizedError } from '../../lib/api';
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

function Select({
  value,
  onChange,
  children,
}: {
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** 'Post Air Shipment' (air_cargo users): POST /api/freight with equipmentType air_cargo. */
export function PostAirShipmentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const post = useAirFreightStore((s) => s.post);
  const [form, setForm] = useState<AirForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

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
    setSubmitting(true);
    try {
      await post(payload);
      notify({ title: 'Success', description: 'Air shipment posted successfully!', type: 'success' });
      setForm(EMPTY);
      onClose();
    } catch (err) {
      if (isUnauthorizedError(err)) handleUnauthorized();
      else
        notify({
          title: 'Error',
          description: errorMessage(err, 'Failed to post air shipment. Please try again.'),
          type: 'error',
        });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>Post Air Shipment</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormField label="Title" error={errors.title}>
                    <Input placeholder="e.g. Electronics to Frankfurt" {...text('title')} />
                  </FormField>
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    <FormField label="Origin City" error={errors.originCity} required>
                      <Input {...text('originCity')} />
                    </FormField>
                    <FormField label="Origin State/Region" error={errors.originState} required>
                      <Input {...text('originState')} />
                    </FormField>
                    <FormField label="Origin Country" error={errors.originCountry}>
                      <Select value={form.originCountry} onChange={(v) => set('originCountry', v)}>
                        {AIR_COUNTRIES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                    <FormField label="Destination City" error={errors.destinationCity} required>
                      <Input {...text('destinationCity')} />
                    </FormField>
                    <FormField label="Destination State/Region" error={errors.destinationState} required>
                      <Input {...text('destinationState')} />
                    </FormField>
                    <FormField label="Destination Country" error={errors.destinationCountry}>
                      <Select value={form.destinationCountry} onChange={(v) => set('destinationCountry', v)}>
                        <option value="">Select country</option>
                        {AIR_COUNTRIES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                  </SimpleGrid>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <FormField label="Cargo Type" error={errors.cargoType}>
                      <Select value={form.cargoType} onChange={(v) => set('cargoType', v)}>
                        {CARGO_TYPES.map((c) => (
                          <option key={c} value={c}>
                            {CARGO_TYPE_LABELS[c]}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                    <FormField label="Weight Class" error={errors.weightClass}>
                      <Select value={form.weightClass} onChange={(v) => set('weightClass', v)}>
                        <option value="">Select weight class</option>
                        {AIR_WEIGHT_CLASSES.map((c) => (
                          <option key={c} value={c}>
                            {AIR_WEIGHT_CLASS_LABELS[c]}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                    <FormField label="Weight (lbs)" error={errors.weight}>
                      <Input type="number" min="1" step="1" {...text('weight')} />
                    </FormField>
                    <FormField label="Distance (miles)" error={errors.distance}>
                      <Input type="number" min="1" step="1" {...text('distance')} />
                    </FormField>
                    <FormField label="Rate ($)" error={errors.rate}>
                      <Input type="number" min="0" step="0.01" {...text('rate')} />
                    </FormField>
                    <span />
                    <FormField label="Pickup Date" error={errors.pickupDate}>
                      <Input type="date" {...text('pickupDate')} />
                    </FormField>
                    <FormField label="Delivery Date" error={errors.deliveryDate}>
                      <Input type="date" {...text('deliveryDate')} />
                    </FormField>
                  </SimpleGrid>
                  <FormField label="Description" error={errors.description}>
                    <Textarea rows={3} {...text('description')} />
                  </FormField>
                  <Checkbox.Root
                    checked={form.isUrgent}
                    onCheckedChange={(e) => set('isUrgent', e.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Urgent shipment</Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" loading={submitting}>
                  Post Air Shipment
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
