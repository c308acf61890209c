import { Dialog, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import {
  DEFAULT_TRUCK_PICKUP_RADIUS,
  TRUCK_KINDS,
  truckPostInputSchema,
  type PlaceDto,
  type TruckPostDto,
  type TruckPostInput,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField } from '../../components/InputField';
import { PlaceInput } from '../../components/PlaceInput';
import { SelectInput } from '../../components/SelectInput';
import { looksLikePlace, resolvePlaceText } from '../../lib/places';
import { useSubmit } from '../../lib/useSubmit';
import { fieldErrors } from '../../lib/validation';
import { equipmentName } from './format';

interface FormState {
  place: string;
  originCity: string;
  originState: string;
  originLat: number | null;
  originLng: number | null;
  availableFrom: string;
  availableTo: string;
  equipmentType: string;
  length: string;
  maxWeight: string;
  pickupRadius: string;
  destinationStates: string;
  destinationRadius: string;
  ratePerMile: string;
  comments: string;
}

const today = () => new Date().toISOString().slice(0, 10);

function fromPost(p: TruckPostDto | null | undefined): FormState {
  const text = (v: number | string | null | undefined) => (v == null ? '' : String(v));
  return {
    place: p ? `${p.originCity}, ${p.originState}` : '',
    originCity: p?.originCity ?? '',
    originState: p?.originState ?? '',
    originLat: p?.originLat ?? null,
    originLng: p?.originLng ?? null,
    availableFrom: p?.availableFrom ?? today(),
    availableTo: p?.availableTo ?? today(),
    equipmentType: p?.equipmentType ?? 'dry_van',
    length: text(p ? p.length : 53),
    maxWeight: text(p ? p.maxWeight : 45000),
    pickupRadius: text(p?.pickupRadius ?? DEFAULT_TRUCK_PICKUP_RADIUS),
    destinationStates: p?.destinationStates.join(', ') ?? '',
    destinationRadius: text(p?.destinationRadius),
    ratePerMile: text(p?.ratePerMile),
    comments: p?.comments ?? '',
  };
}

const withPlace = (f: FormState, text: string, place: PlaceDto | null): FormState => ({
  ...f,
  place: text,
  originCity: place?.city ?? '',
  originState: place?.state ?? '',
  originLat: place?.lat ?? null,
  originLng: place?.lng ?? null,
});

function toInput(f: FormState): TruckPostInput {
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const states = f.destinationStates
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return {
    originCity: f.originCity,
    originState: f.originState,
    originLat: f.originLat,
    originLng: f.originLng,
    availableFrom: f.availableFrom,
    availableTo: f.availableTo,
    equipmentType: f.equipmentType as TruckPostInput['equipmentType'],
    length: num(f.length),
    maxWeight: num(f.maxWeight),
    pickupRadius: num(f.pickupRadius),
    destinationStates: states,
    destinationRadius: num(f.destinationRadius),
    ratePerMile: num(f.ratePerMile),
    comments: f.comments.trim() || null,
  };
}

interface TruckPostDialogProps {
  open: boolean;
  onClose: () => void;
  /** Present when editing. */
  post?: TruckPostDto | null;
  onSubmit: (input: TruckPostInput) => Promise<unknown>;
}

/** Post a truck (or edit a post): where and when it is empty, what it takes, where it wants to go, the rate. */
export function TruckPostDialog({ open, onClose, post, onSubmit }: TruckPostDialogProps) {
  return (
    <FormDialog title={post ? 'Edit Truck Post' : 'Post a Truck'} open={open} onClose={onClose} size="lg">
      <TruckPostForm post={post} onClose={onClose} onSubmit={onSubmit} />
    </FormDialog>
  );
}

function TruckPostForm({ post, onClose, onSubmit }: Omit<TruckPostDialogProps, 'open'>) {
  const [form, setForm] = useState<FormState>(() => fromPost(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: send, pending } = useSubmit((input: TruckPostInput) => onSubmit(input), {
    success: post ? 'Truck post updated' : 'Truck posted',
    failure: { fallback: 'Failed to post the truck. Please try again.' },
    onSuccess: onClose,
  });
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let current = form;
    // A whole place typed and sent before its suggestions arrived ("Wells, NV", a ZIP) counts, as on the board.
    if (!current.originCity && looksLikePlace(current.place)) {
      const place = await resolvePlaceText(current.place).catch(() => null);
      if (place) {
        current = withPlace(current, place.label, place);
        setForm(current);
      }
    }
    const input = toInput(current);
    const parsed = truckPostInputSchema.safeParse(input);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!current.originCity || !current.originState) found.place = 'Pick the city where the truck is empty';
    if (Object.keys(found).length) {
      setErrors({ ...found, place: found.place ?? found.originCity ?? found.originState ?? '' });
      return;
    }
    setErrors({});
    await send(input);
  };

  const pickPlace = (text: string, place: PlaceDto | null) => setForm((f) => withPlace(f, text, place));

  const text = (
    key: keyof FormState,
    label: string,
    props: Record<string, unknown> = {},
    helperText?: string,
  ) => (
    <InputField
      label={label}
      error={errors[key]}
      helperText={helperText}
      value={form[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      {...props}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={post ? 'Edit Truck Post' : 'Post a Truck'}>
      <Dialog.Body>
        <Stack gap="4">
          <PlaceInput
            label="Empty at (city or ZIP)"
            value={form.place}
            chosen={Boolean(form.originCity)}
            onChange={pickPlace}
            placeholder="Wells, NV"
            error={errors.place || undefined}
          />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {text('availableFrom', 'Available from', { type: 'date' })}
            {text('availableTo', 'Available until', { type: 'date' })}
            <FormField label="Equipment" error={errors.equipmentType}>
              <SelectInput
                value={form.equipmentType}
                onChange={(v) => set('equipmentType', v)}
                options={TRUCK_KINDS.map((k) => ({ value: k, label: equipmentName(k) }))}
              />
            </FormField>
            {text('length', 'Length (ft)', { type: 'number', min: 10, max: 60, step: 1 })}
            {text('maxWeight', 'Max weight (lbs)', { type: 'number', min: 100, step: 100 })}
            {text('ratePerMile', 'Rate asked ($/mile)', { type: 'number', min: 0, step: 0.01 })}
            {text('pickupRadius', 'Pickup within (miles)', { type: 'number', min: 10, max: 500, step: 5 })}
            {text(
              'destinationStates',
              'Wanted states',
              { placeholder: 'UT, ID' },
              'Two-letter codes; leave empty for anywhere',
            )}
            {text(
              'destinationRadius',
              'Or stay within (miles)',
              { type: 'number', min: 25, step: 25 },
              'Of where it is empty',
            )}
          </SimpleGrid>
          <FormField label="Comments" error={errors.comments}>
            <Textarea value={form.comments} onChange={(e) => set('comments', e.target.value)} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        submitLabel={post ? 'Save' : 'Post Truck'}
        pendingLabel="Saving..."
        pending={pending}
      />
    </form>
  );
}
