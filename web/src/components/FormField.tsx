import { Field, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  error?: string;
  required?: boolean;
  helperText?: string;
  children: ReactNode;
}

/** A labelled control with its inline error; Field wires the label, the control and the error together. */
export function FormField({ label, error, required, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      {/* A required field is marked * (SPEC §5), beside the label and aria-hidden: the label text stays exactly the
          field's name for assistive tech and tests. */}
      <HStack gap="1">
        <Field.Label>{label}</Field.Label>
        <Field.RequiredIndicator />
      </HStack>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
