import { Dialog, SimpleGrid, Stack, Textarea, type InputProps } from '@chakra-ui/react';
import {
  AIR_WEIGHT_CLASSES,
  EQUIPMENT_LENGTHS,
  POSTING_EQUIPMENT,
  RATE_TYPES,
  WEIGHT_CLASSES,
  WEIGHT_CLASS_LABELS,
  postLoadSchema,
  type FreightListingDto,
  type PostLoadInput,
} from '@freight/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CheckboxField } from '../../components/CheckboxField';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { PlaceFields } from '../../components/PlaceFields';
import { SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { equipmentLabel } from './format';
import {
  EMPTY_STOP,
  StopDetailsFields,
  isEmptyStop,
  stopFormOf,
  stopInputOf,
  type StopForm,
} from './StopDetailsFields';
import { ExtraStopsFields, extraStopFormOf, extraStopInputOf, type ExtraStopForm } from './ExtraStopsFields';
import {
  AccessorialTermsFields,
  accessorialTermsFormOf,
  accessorialTermsInputOf,
  type AccessorialTermsForm,
} from './AccessorialTermsFields';

interface FormState {
  title: string;
  originCity: string;
  originState: string;
  originZip: string;
  destinationCity: string;
  destinationState: string;
  destinationZip: string;
  equipmentType: string;
  equipmentLength: string;
  weight: string;
  weightClass: string;
  commodity: string;
  rate: string;
  rateType: string;
  distance: string;
  pickupDate: string;
  pickupTimeStart: string;
  pickupTimeEnd: string;
  deliveryDate: string;
  deliveryTimeStart: string;
  deliveryTimeEnd: string;
  description: string;
  specialInstructions: string;
  isUrgent: boolean;
  isHazmat: boolean;
  requiresTarps: boolean;
  requiresStraps: boolean;
  requiresLiftgate: boolean;
  pickupStop: StopForm;
  deliveryStop: StopForm;
  /** The stops between the first pickup and the last delivery, in order (issue 39). */
  extraStops: ExtraStopForm[];
  /** Free time, detention, layover and TONU (issue 41), in dollars; prefilled with the defaults. */
  accessorialTerms: AccessorialTermsForm;
  /**
   * Whether the listing the form started from carried its stops' details (an edit from a list that leaves them
   * out, e.g. the board's, must not clear them: an empty stop is then not sent).
   */
  stopsKnown: boolean;
}

/** SPEC §5 Post Load defaults. */
const DEFAULTS: FormState = {
  title: '',
  originCity: '',
  originState: '',
  originZip: '',
  destinationCity: '',
  destinationState: '',
  destinationZip: '',
  equipmentType: 'dry_van',
  equipmentLength: '53',
  weight: '',
  weightClass: 'ftl',
  commodity: '',
  rate: '',
  rateType: 'flat',
  distance: '',
  pickupDate: '',
  pickupTimeStart: '08:00',
  pickupTimeEnd: '17:00',
  deliveryDate: '',
  // No delivery window unless the poster sets one (only the pickup window has a default, SPEC §9).
  deliveryTimeStart: '',
  deliveryTimeEnd: '',
  description: '',
  specialInstructions: '',
  isUrgent: false,
  isHazmat: false,
  requiresTarps: false,
  requiresStraps: false,
  requiresLiftgate: false,
  pickupStop: EMPTY_STOP,
  deliveryStop: EMPTY_STOP,
  extraStops: [],
  accessorialTerms: accessorialTermsFormOf(null),
  stopsKnown: true,
};

function fromListing(l: FreightListingDto): FormState {
  const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));
  return {
    ...DEFAULTS,
    title: l.title,
    originCity: l.originCity,
    originState: l.originState,
    originZip: text(l.originZip),
    destinationCity: l.destinationCity,
    destinationState: l.destinationState,
    destinationZip: text(l.destinationZip),
    equipmentType: l.equipmentType,
    equipmentLength: text(l.equipmentLength),
    weight: text(l.weight),
    weightClass: text(l.weightClass),
    commodity: text(l.commodity),
    rate: text(l.rate),
    rateType: l.rateType,
    // Miles the server estimated stay blank, so an edit keeps them an estimate (re-estimated if the route moves).
    distance: l.distanceIsEstimate ? '' : text(l.distance),
    pickupDate: l.pickupDate ? l.pickupDate.slice(0, 10) : '',
    pickupTimeStart: text(l.pickupTimeStart),
    pickupTimeEnd: text(l.pickupTimeEnd),
    deliveryDate: l.deliveryDate ? l.deliveryDate.slice(0, 10) : '',
    deliveryTimeStart: text(l.deliveryTimeStart),
    deliveryTimeEnd: text(l.deliveryTimeEnd),
    description: text(l.description),
    specialInstructions: text(l.specialInstructions),
    isUrgent: l.isUrgent,
    isHazmat: l.isHazmat,
    requiresTarps: l.requiresTarps,
    requiresStraps: l.requiresStraps,
    requiresLiftgate: l.requiresLiftgate,
    pickupStop: stopFormOf(l.pickupStop),
    deliveryStop: stopFormOf(l.deliveryStop),
    extraStops: (l.extraStops ?? []).map(extraStopFormOf),
    accessorialTerms: accessorialTermsFormOf(l.accessorialTerms),
    stopsKnown: l.pickupStop !== undefined,
  };
}

/** A stop as sent: left out when its details were not known and nothing was typed (the load keeps its own). */
const stopOf = (f: FormState, key: 'pickupStop' | 'deliveryStop') =>
  !f.stopsKnown && isEmptyStop(f[key]) ? undefined : stopInputOf(f[key]);

/** SPEC §5: numbers or null when empty, dates null when empty. */
function toInput(f: FormState): PostLoadInput {
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    title: text(f.title),
    originCity: f.originCity,
    originState: f.originState,
    originZip: text(f.originZip),
    destinationCity: f.destinationCity,
    destinationState: f.destinationState,
    destinationZip: text(f.destinationZip),
    equipmentType: f.equipmentType as PostLoadInput['equipmentType'],
    equipmentLength: num(f.equipmentLength),
    weight: num(f.weight),
    weightClass: (text(f.weightClass) as PostLoadInput['weightClass']) ?? null,
    commodity: text(f.commodity),
    rate: num(f.rate),
    rateType: f.rateType as PostLoadInput['rateType'],
    distance: num(f.distance),
    pickupDate: text(f.pickupDate),
    pickupTimeStart: text(f.pickupTimeStart),
    pickupTimeEnd: text(f.pickupTimeEnd),
    deliveryDate: text(f.deliveryDate),
    deliveryTimeStart: text(f.deliveryTimeStart),
    deliveryTimeEnd: text(f.deliveryTimeEnd),
    description: text(f.description),
    specialInstructions: text(f.specialInstructions),
    isUrgent: f.isUrgent,
    isHazmat: f.isHazmat,
    requiresTarps: f.requiresTarps,
    requiresStraps: f.requiresStraps,
    requiresLiftgate: f.requiresLiftgate,
    pickupStop: stopOf(f, 'pickupStop'),
    deliveryStop: stopOf(f, 'deliveryStop'),
    // Not known (an edit from the board's copy) and none added: the load keeps its own. None by air.
    extraStops:
      f.equipmentType === 'air_cargo' || (!f.stopsKnown && f.extraStops.length === 0)
        ? undefined
        : f.extraStops.map(extraStopInputOf),
    accessorialTerms: accessorialTermsInputOf(f.accessorialTerms),
  };
}

interface PostLoadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the form (POST for a new load, PATCH when editing). */
  onSubmit: (input: PostLoadInput) => Promise<void>;
  /** Present when editing: the form starts from this load. */
  listing?: FreightListingDto | null;
  /** Copy (issue 23): a new load's form starts from this one (its dates left out: they are usually past). */
  template?: FreightListingDto | null;
  /** The current user's id, sent as brokerId (SPEC §7 call 12; the server takes the poster from the session). */
  brokerId?: string;
}

/** The Post Load form (SPEC §5), used by brokers (Broker Hub) and verified shippers (load board), and for Edit. */
export function PostLoadDialog({
  open,
  onClose,
  onSubmit,
  listing,
  template,
  brokerId,
}: PostLoadDialogProps) {
  return (
    <FormDialog
      title={listing ? 'Edit Load' : 'Post New Load'}
      open={open}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
    >
      <PostLoadForm
        listing={listing}
        template={template}
        onClose={onClose}
        onSubmit={onSubmit}
        brokerId={brokerId}
      />
    </FormDialog>
  );
}

function PostLoadForm({ listing, template, onClose, onSubmit, brokerId }: Omit<PostLoadDialogProps, 'open'>) {
  const [form, setForm] = useState<FormState>(() =>
    listing
      ? fromListing(listing)
      : template
        ? // A copy keeps the facilities but not the appointments (their dates are gone too).
          {
            ...fromListing(template),
            pickupDate: '',
            deliveryDate: '',
            pickupStop: { ...stopFormOf(template.pickupStop), appointmentKind: '', time: '', endTime: '' },
            deliveryStop: {
              ...stopFormOf(template.deliveryStop),
              appointmentKind: '',
              time: '',
              endTime: '',
            },
            extraStops: (template.extraStops ?? []).map((s) => ({
              ...extraStopFormOf(s),
              date: '',
              details: { ...stopFormOf(s), appointmentKind: '', time: '', endTime: '' },
            })),
            stopsKnown: true,
          }
        : DEFAULTS,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending: submitting } = useSubmit(
    (input: PostLoadInput) =>
      onSubmit(brokerId && !listing ? { ...input, ...({ brokerId } as object) } : input),
    {
      success: listing ? 'Load updated successfully!' : 'Load posted successfully!',
      failure: 'Failed to post load. Please try again.',
      onSuccess: onClose,
    },
  );
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const air = form.equipmentType === 'air_cargo';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(form);
    const parsed = postLoadSchema.safeParse(input);
    if (!parsed.success) {
      // The stops' issues also by their full path, so each shows under its own input.
      const nested: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (issue.path.length > 1 && !nested[path]) nested[path] = issue.message;
      }
      setErrors({ ...fieldErrors(parsed.error), ...nested });
      return;
    }
    setErrors({});
    await send(input);
  };

  const text = (key: keyof FormState, label: string, props: InputProps = {}, required = false): ReactNode => (
    <InputField
      label={label}
      error={errors[key]}
      required={required}
      value={form[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      {...props}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={listing ? 'Edit Load' : 'Post New Load'}>
      <Dialog.Body>
        <Stack gap="4">
          {text('title', 'Load Title')}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <PlaceFields end="origin" label="Origin" values={form} errors={errors} onChange={set} />
            {text('originZip', 'Origin ZIP')}
            <PlaceFields end="destination" label="Destination" values={form} errors={errors} onChange={set} />
            {text('destinationZip', 'Destination ZIP')}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField label="Equipment Type" error={errors.equipmentType}>
              <SelectInput
                value={form.equipmentType}
                onChange={(v) =>
                  setForm((f) => ({
                    ...f,
                    equipmentType: v,
                    weightClass:
                      v === 'air_cargo'
                        ? 'small'
                        : f.weightClass && (WEIGHT_CLASSES as readonly string[]).includes(f.weightClass)
                          ? f.weightClass
                          : 'ftl',
                  }))
                }
                options={POSTING_EQUIPMENT.map((e) => ({ value: e, label: equipmentLabel(e) }))}
              />
            </FormField>
            <FormField label="Equipment Length (ft)" error={errors.equipmentLength}>
              <SelectInput
                value={form.equipmentLength}
                onChange={(v) => set('equipmentLength', v)}
                options={[
                  { value: '', label: 'N/A' },
                  ...EQUIPMENT_LENGTHS.map((l) => ({ value: String(l), label: `${l} ft` })),
                ]}
              />
            </FormField>
            <FormField label="Weight Class" error={errors.weightClass}>
              <SelectInput
                value={form.weightClass}
                onChange={(v) => set('weightClass', v)}
                options={
                  air
                    ? AIR_WEIGHT_CLASSES.map((c) => ({
                        value: c,
                        label: c.charAt(0).toUpperCase() + c.slice(1),
                      }))
                    : WEIGHT_CLASSES.map((c) => ({ value: c, label: WEIGHT_CLASS_LABELS[c] }))
                }
              />
            </FormField>
            {text('weight', 'Weight (lbs)', { type: 'number', min: 0, step: 1 })}
            {text('commodity', 'Commodity')}
            {text('distance', 'Actual Miles (optional)', { type: 'number', min: 0, step: 1 })}
            {text('rate', 'Rate ($)', MONEY_INPUT)}
            <FormField label="Rate Type" error={errors.rateType}>
              <SelectInput
                value={form.rateType}
                onChange={(v) => set('rateType', v)}
                options={RATE_TYPES.map((r) => ({
                  value: r,
                  label: r === 'per_mile' ? 'Per Mile' : r.charAt(0).toUpperCase() + r.slice(1),
                }))}
              />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {text('pickupDate', 'Pickup Date', { type: 'date' })}
            {text('pickupTimeStart', 'Pickup From', { type: 'time' })}
            {text('pickupTimeEnd', 'Pickup Until', { type: 'time' })}
            {text('deliveryDate', 'Delivery Date', { type: 'date' })}
            {text('deliveryTimeStart', 'Delivery From', { type: 'time' })}
            {text('deliveryTimeEnd', 'Delivery Until', { type: 'time' })}
          </SimpleGrid>
          <StopDetailsFields
            stop="pickupStop"
            value={form.pickupStop}
            onChange={(v) => set('pickupStop', v)}
            errors={errors}
          />
          {!air && (
            <ExtraStopsFields
              value={form.extraStops}
              onChange={(v) => set('extraStops', v)}
              errors={errors}
            />
          )}
          <StopDetailsFields
            stop="deliveryStop"
            value={form.deliveryStop}
            onChange={(v) => set('deliveryStop', v)}
            errors={errors}
          />
          <AccessorialTermsFields
            value={form.accessorialTerms}
            onChange={(v) => set('accessorialTerms', v)}
            errors={errors}
          />
          <FormField label="Description" error={errors.description}>
            <Textarea value={form.description} onChange={(e) => set('description', e.target.value)} />
          </FormField>
          <FormField label="Special Instructions" error={errors.specialInstructions}>
            <Textarea
              value={form.specialInstructions}
              onChange={(e) => set('specialInstructions', e.target.value)}
            />
          </FormField>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
            {(
              [
                ['isUrgent', 'Urgent'],
                ['isHazmat', 'Hazmat'],
                ['requiresTarps', 'Requires Tarps'],
                ['requiresStraps', 'Requires Straps'],
                ['requiresLiftgate', 'Requires Liftgate'],
              ] as const
            ).map(([key, label]) => (
              <CheckboxField key={key} label={label} checked={form[key]} onChange={(v) => set(key, v)} />
            ))}
          </SimpleGrid>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={submitting}
        submitLabel={listing ? 'Save Changes' : 'Post Load'}
        pendingLabel="Posting..."
        pending={submitting}
      />
    </form>
  );
}
