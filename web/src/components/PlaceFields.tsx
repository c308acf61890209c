import { US_STATES } from '@freight/shared';
import { FormField } from './FormField';
import { InputField } from './InputField';
import { plainOptions, SelectInput } from './SelectInput';

const STATE_OPTIONS = plainOptions(US_STATES);

type PlaceKey = 'originCity' | 'originState' | 'destinationCity' | 'destinationState';

interface PlaceFieldsProps {
  /** Which end of the trip: its form keys are `${end}City` and `${end}State`. */
  end: 'origin' | 'destination';
  /** The label's first word: 'Origin' gives 'Origin City' and 'Origin State'. */
  label: string;
  values: Record<PlaceKey, string>;
  errors: Record<string, string>;
  onChange: (key: PlaceKey, value: string) => void;
}

/** A required city input and US state select for one end of a trip. */
export function PlaceFields({ end, label, values, errors, onChange }: PlaceFieldsProps) {
  const cityKey = `${end}City` as const;
  const stateKey = `${end}State` as const;
  return (
    <>
      <InputField
        label={`${label} City`}
        error={errors[cityKey]}
        required
        value={values[cityKey]}
        onChange={(e) => onChange(cityKey, e.target.value)}
      />
      <FormField label={`${label} State`} error={errors[stateKey]} required>
        <SelectInput
          value={values[stateKey]}
          onChange={(v) => onChange(stateKey, v)}
          options={STATE_OPTIONS}
          placeholder="Select state"
        />
      </FormField>
    </>
  );
}
