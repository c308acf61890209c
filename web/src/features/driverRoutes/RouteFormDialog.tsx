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
  DRIVER_PRICING_LABELS,
  DRIVER_PRICING_TYPES,
  DRIVER_VEHICLE_LABELS,
  DRIVER_VEHICLE_TYPES,
  US_STATES,
  driverRouteSchema,
  type DriverRouteDto,
} from '@freight/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/ui/toaster';
import { errorMessage, handleUnauthorized, isUnauthorizedError } from '../../lib/api';
import { fieldErrors } from '../../lib/validation';
import { useDriverRoutesStore } from '../../stores/driverRoutes';

const EMPTY = {
  title: '',
  originCity: '',
  originState: '',
  destinationCity: '',
  destinationState: '',
  departureDate: '',
  departureTime: '',
  vehicleType: '',
  availableSpace: '',
  maxWeight: '',
  maxDimensions: '',
  pricePerMile: '',
  fixedPrice: '',
  pricingType: 'per_mile',
  description: '',
  isFlexible: false,
};
type RouteForm = typeof EMPTY;

function fromRoute(r: DriverRouteDto): RouteForm {
  const s = (v: number | string | null) => (v == null ? '' : String(v));
  return {
    title: r.title,
    originCity: r.originCity,
    originState: r.originState,
    destinationCity: r.destinationCity,
    destinationState: r.destinationState,
    departureDate: r.departureDate.slice(0, 10),
    departureTime: s(r.departureTime),
    vehicleType: r.vehicleType,
    availableSpace: s(r.availableSpace),
    maxWeight: s(r.maxWeight),
    maxDimensions: s(r.maxDimensions),
    pricePerMile: s(r.pricePerMile),
    fixedPrice: s(r.fixedPrice),
    pricingType: r.pricingType,
    description: s(r.description),
    isFlexible: r.isFlexible,
  };
}

function Select({
  value,
  onChange,
  placeholder,
  children,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

const states = US_STATES.map((s) => (
  <option key={s} value={s}>
    {s}
  </option>
));

/** Create (no route) or edit (a route) a driver route (SPEC §3 Driver route). */
export function RouteFormDialog({
  route,
  open,
  onClose,
}: {
  route: DriverRouteDto | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && <RouteForm key={route?.id ?? 'new'} route={route} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RouteForm({ route, onClose }: { route: DriverRouteDto | null; onClose: () => void }) {
  const create = useDriverRoutesStore((s) => s.create);
  const update = useDriverRoutesStore((s) => s.update);
  const [form, setForm] = useState<RouteForm>(() => (route ? fromRoute(route) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof RouteForm>(key: K, value: RouteForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof RouteForm) => ({
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = driverRouteSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (route) await update(route.id, parsed.data);
      else await create(parsed.data);
      notify({ title: 'Success', description: route ? 'Route updated' : 'Route created', type: 'success' });
      onClose();
    } catch (err) {
      setSubmitting(false);
      if (isUnauthorizedError(err)) handleUnauthorized();
      else notify({ title: 'Error', description: errorMessage(err, 'Failed to save route'), type: 'error' });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Header>
        <Dialog.Title>{route ? 'Edit Route' : 'Add Route'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Route Title" error={errors.title} required>
            <Input placeholder="e.g. Dallas to Austin, Friday morning" {...text('title')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label="Origin City" error={errors.originCity} required>
              <Input {...text('originCity')} />
            </FormField>
            <FormField label="Origin State" error={errors.originState} required>
              <Select
                value={form.originState}
                placeholder="Select state"
                onChange={(v) => set('originState', v)}
              >
                {states}
              </Select>
            </FormField>
            <FormField label="Destination City" error={errors.destinationCity} required>
              <Input {...text('destinationCity')} />
            </FormField>
            <FormField label="Destination State" error={errors.destinationState} required>
              <Select
                value={form.destinationState}
                placeholder="Select state"
                onChange={(v) => set('destinationState', v)}
              >
                {states}
              </Select>
            </FormField>
            <FormField label="Departure Date" error={errors.departureDate} required>
              <Input type="date" {...text('departureDate')} />
            </FormField>
            <FormField label="Departure Time" error={errors.departureTime}>
              <Input type="time" {...text('departureTime')} />
            </FormField>
            <FormField label="Vehicle Type" error={errors.vehicleType} required>
              <Select
                value={form.vehicleType}
                placeholder="Select vehicle"
                onChange={(v) => set('vehicleType', v)}
              >
                {DRIVER_VEHICLE_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {DRIVER_VEHICLE_LABELS[v]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Available Space" error={errors.availableSpace}>
              <Input placeholder="e.g. Full truck bed" {...text('availableSpace')} />
            </FormField>
            <FormField label="Max Weight (lbs)" error={errors.maxWeight}>
              <Input type="number" min="0" {...text('maxWeight')} />
            </FormField>
            <FormField label="Max Dimensions" error={errors.maxDimensions}>
              <Input placeholder="L x W x H" {...text('maxDimensions')} />
            </FormField>
            <FormField label="Pricing Type" error={errors.pricingType}>
              <Select value={form.pricingType} onChange={(v) => set('pricingType', v)}>
                {DRIVER_PRICING_TYPES.map((p) => (
                  <option key={p} value={p}>
                    {DRIVER_PRICING_LABELS[p]}
                  </option>
                ))}
              </Select>
            </FormField>
            {form.pricingType === 'fixed' ? (
              <FormField label="Fixed Price ($)" error={errors.fixedPrice}>
                <Input type="number" min="0" step="0.01" {...text('fixedPrice')} />
              </FormField>
            ) : (
              <FormField label="Price per Mile ($)" error={errors.pricePerMile}>
                <Input type="number" min="0" step="0.01" {...text('pricePerMile')} />
              </FormField>
            )}
          </SimpleGrid>
          <FormField label="Description" error={errors.description}>
            <Textarea rows={3} {...text('description')} />
          </FormField>
          <Checkbox.Root
            checked={form.isFlexible}
            onCheckedChange={(e) => set('isFlexible', e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Flexible on dates and detours</Checkbox.Label>
          </Checkbox.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={submitting}>
          {route ? 'Save Route' : 'Create Route'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
