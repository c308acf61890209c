import { US_STATES } from '@freight/shared';
import { useId } from 'react';
import { usePlaceSuggestions } from '../lib/usePlaceSuggestions';
import { FormField } from './FormField';
import { InputField } from './InputField';
import { PlaceOptions } from './PlaceInput';
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

/**
 * A required city input and US state select for one end of a trip. The city offers US places as one types (with the
 * chosen state, if any); picking one ("Reno, NV") fills the city and the state.
 */
export function PlaceFields({ end, label, values, errors, onChange }: PlaceFieldsProps) {
  const cityKey = `${end}City` as const;
  const stateKey = `${end}State` as const;
  const listId = useId();
  const typed = values[cityKey];
  const suggestions = usePlaceSuggestions(
    values[stateKey] && !typed.includes(',') ? `${typed}, ${values[stateKey]}` : typed,
  );
  return (
    <>
      <InputField
        label={`${label} City`}
        error={errors[cityKey]}
        required
        value={typed}
        list={listId}
        autoComplete="off"
        onChange={(e) => {
          const picked = suggestions.find((p) => p.label === e.target.value.trim());
          if (picked) {
            onChange(cityKey, picked.city);
            onChange(stateKey, picked.state);
          } else {
            onChange(cityKey, e.target.value);
          }
        }}
      />
      <PlaceOptions id={listId} places={suggestions.filter((p) => !p.zip)} />
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
