import { Input, SimpleGrid } from '@chakra-ui/react';
import { FormField } from './FormField';

type NameKey = 'firstName' | 'lastName';
type PasswordKey = 'password' | 'confirmPassword';

interface FieldsProps<K extends string> {
  values: Record<K, string>;
  errors: Record<string, string | undefined>;
  onChange: (key: K, value: string) => void;
}

/** A new account's first and last name, side by side from the small breakpoint (registering, joining a company). */
export function NameFields({ values, errors, onChange }: FieldsProps<NameKey>) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField label="First Name" error={errors.firstName} required>
        <Input
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => onChange('firstName', e.target.value)}
        />
      </FormField>
      <FormField label="Last Name" error={errors.lastName} required>
        <Input
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => onChange('lastName', e.target.value)}
        />
      </FormField>
    </SimpleGrid>
  );
}

/** A new password, typed twice (password managers offer a new one for both): a new account's, or a reset's. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
  labels = ['Password', 'Confirm Password'],
}: FieldsProps<PasswordKey> & { labels?: readonly [string, string] }) {
  return (
    <>
      <FormField label={labels[0]} error={errors.password} required>
        <Input
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => onChange('password', e.target.value)}
        />
      </FormField>
      <FormField label={labels[1]} error={errors.confirmPassword} required>
        <Input
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => onChange('confirmPassword', e.target.value)}
        />
      </FormField>
    </>
  );
}
