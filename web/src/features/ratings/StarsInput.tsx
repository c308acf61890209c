import { Button, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';

/** 1 to 5 as a radio group of star buttons (arrow keys are not wired: each star is its own tab stop). */
export function StarsInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (stars: number) => void;
}) {
  const labelId = useId();
  return (
    <HStack gap="3" wrap="wrap">
      <Text id={labelId} fontSize="sm" minW="8rem" fontWeight="medium">
        {label}
      </Text>
      <HStack role="radiogroup" aria-labelledby={labelId} gap="1">
        {[1, 2, 3, 4, 5].map((n) => (
          <Button
            key={n}
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            size="sm"
            minW="10"
            variant={value != null && n <= value ? 'solid' : 'outline'}
            colorPalette="orange"
            onClick={() => onChange(n)}
          >
            ★
          </Button>
        ))}
      </HStack>
    </HStack>
  );
}

/** A score as text: "4 of 5". */
export const starsText = (n: number) => `${n} of 5`;
