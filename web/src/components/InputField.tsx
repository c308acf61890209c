import { Input, type InputProps } from '@chakra-ui/react';
import { FormField } from './FormField';

interface InputFieldProps extends Omit<InputProps, 'required'> {
  label: string;
  error?: string;
  required?: boolean;
  helperText?: string;
}

/** A FormField holding one Input (text, number, date, time…); the other props go to the Input. */
export function InputField({ label, error, required, helperText, ...inputProps }: InputFieldProps) {
  return (
    <FormField label={label} error={error} required={required} helperText={helperText}>
      <Input {...inputProps} />
    </FormField>
  );
}

/** The input props of a dollar amount: a number, not negative, in cents. */
export const MONEY_INPUT = { type: 'number', min: 0, step: 0.01 } as const;
