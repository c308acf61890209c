import { Dialog, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import {
  DRIVER_PRICING_LABELS,
  DRIVER_PRICING_TYPES,
  DRIVER_VEHICLE_LABELS,
  DRIVER_VEHICLE_TYPES,
  driverRouteSchema,
  type DriverRouteDto,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { CheckboxField } from '../../components/CheckboxField';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { PlaceFields } from '../../components/PlaceFields';
import { SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { useDriverRoutesStore } from '../../stores/driverRoutes';
import { useRouteMatchesStore } from '../../stores/routeMatches';

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

const VEHICLE_OPTIONS = DRIVER_VEHICLE_TYPES.map((v) => ({ value: v, label: DRIVER_VEHICLE_LABELS[v] }));
const PRICING_OPTIONS = DRIVER_PRICING_TYPES.map((p) => ({ value: p, label: DRIVER_PRICING_LABELS[p] }));

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
    <FormDialog
      title={route ? 'Edit Route' : 'Add Route'}
      open={open}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
    >
      <RouteForm key={route?.id ?? 'new'} route={route} onClose={onClose} />
    </FormDialog>
  );
}

function RouteForm({ route, onClose }: { route: DriverRouteDto | null; onClose: () => void }) {
  const create = useDriverRoutesStore((s) => s.create);
  const update = useDriverRoutesStore((s) => s.update);
  const reloadMatches = useRouteMatchesStore((s) => s.reload);
  const [form, setForm] = useState<RouteForm>(() => (route ? fromRoute(route) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: save, pending: submitting } = useSubmit(
    async (input: Parameters<typeof create>[0]) => {
      if (!route) return create(input);
      await update(route.id, input);
      await reloadMatches(route.id);
    },
    {
      success: route ? 'Route updated' : 'Route created',
      failure: { fallback: 'Failed to save route' },
      onSuccess: onClose,
    },
  );
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
    await save(parsed.data);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <InputField
            label="Route Title"
            error={errors.title}
            required
            placeholder="e.g. Dallas to Austin, Friday morning"
            {...text('title')}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <PlaceFields end="origin" label="Origin" values={form} errors={errors} onChange={set} />
            <PlaceFields end="destination" label="Destination" values={form} errors={errors} onChange={set} />
            <InputField
              label="Departure Date"
              error={errors.departureDate}
              required
              type="date"
              {...text('departureDate')}
            />
            <InputField
              label="Departure Time"
              error={errors.departureTime}
              type="time"
              {...text('departureTime')}
            />
            <FormField label="Vehicle Type" error={errors.vehicleType} required>
              <SelectInput
                value={form.vehicleType}
                placeholder="Select vehicle"
                onChange={(v) => set('vehicleType', v)}
                options={VEHICLE_OPTIONS}
              />
            </FormField>
            <InputField
              label="Available Space"
              error={errors.availableSpace}
              placeholder="e.g. Full truck bed"
              {...text('availableSpace')}
            />
            <InputField
              label="Max Weight (lbs)"
              error={errors.maxWeight}
              type="number"
              min="0"
              {...text('maxWeight')}
            />
            <InputField
              label="Max Dimensions"
              error={errors.maxDimensions}
              placeholder="L x W x H"
              {...text('maxDimensions')}
            />
            <FormField label="Pricing Type" error={errors.pricingType}>
              <SelectInput
                value={form.pricingType}
                onChange={(v) => set('pricingType', v)}
                options={PRICING_OPTIONS}
              />
            </FormField>
            {form.pricingType === 'fixed' ? (
              <InputField
                label="Fixed Price ($)"
                error={errors.fixedPrice}
                {...MONEY_INPUT}
                {...text('fixedPrice')}
              />
            ) : (
              <InputField
                label="Price per Mile ($)"
                error={errors.pricePerMile}
                {...MONEY_INPUT}
                {...text('pricePerMile')}
              />
            )}
          </SimpleGrid>
          <FormField label="Description" error={errors.description}>
            <Textarea rows={3} {...text('description')} />
          </FormField>
          <CheckboxField
            label="Flexible on dates and detours"
            checked={form.isFlexible}
            onChange={(v) => set('isFlexible', v)}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={submitting}
        submitLabel={route ? 'Save Route' : 'Create Route'}
        pending={submitting}
      />
    </form>
  );
}
