import { NativeSelect } from '@chakra-ui/react';
import { USER_TYPE_LABELS, type UserType } from '@freight/shared';

interface UserTypeSelectProps<T extends UserType> {
  options: readonly T[];
  value: T | '';
  onChange: (value: T) => void;
  placeholder?: string;
}

/** A picker of account types labelled with USER_TYPE_LABELS; use inside a FormField for its label. */
export function UserTypeSelect<T extends UserType>({
  options,
  value,
  onChange,
  placeholder,
}: UserTypeSelectProps<T>) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.currentTarget.value as T)}
      >
        {options.map((type) => (
          <option key={type} value={type}>
            {USER_TYPE_LABELS[type]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
