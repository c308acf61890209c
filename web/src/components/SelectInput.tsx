import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectInputProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first, empty-valued option (e.g. 'Select state'). */
  placeholder?: string;
}

/** A native select over a list of options; use inside a FormField for its label. */
export function SelectInput({ value, onChange, options, placeholder }: SelectInputProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Options whose label is the value itself. */
export function plainOptions(values: readonly string[]): SelectOption[] {
  return values.map((v) => ({ value: v, label: v }));
}
