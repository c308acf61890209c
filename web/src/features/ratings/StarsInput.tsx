import { Button, HStack, Text } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent } from 'react';

const STARS = [1, 2, 3, 4, 5];

/** The score a key moves to from `from` (null: not a key of the group), as a radio group's arrows do, wrapping. */
function scoreAfter(key: string, from: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return from >= 5 ? 1 : from + 1;
    case 'ArrowLeft':
    case 'ArrowDown':
      return from <= 1 ? 5 : from - 1;
    case 'Home':
      return 1;
    case 'End':
      return 5;
    default:
      return null;
  }
}

/**
 * 1 to 5 as a radio group of star buttons, with the keyboard of a radio group: one tab stop (the chosen star, or the
 * first), the arrow keys move and choose, Home and End go to 1 and 5.
 */
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
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const tabStop = value ?? 1;
  const onKeyDown = (e: KeyboardEvent, n: number) => {
    const next = scoreAfter(e.key, n);
    if (next === null) return;
    e.preventDefault();
    onChange(next);
    buttons.current[next - 1]?.focus();
  };
  return (
    <HStack gap="3" wrap="wrap">
      <Text id={labelId} fontSize="sm" minW="8rem" fontWeight="medium">
        {label}
      </Text>
      <HStack role="radiogroup" aria-labelledby={labelId} gap="1">
        {STARS.map((n) => (
          <Button
            key={n}
            ref={(el) => {
              buttons.current[n - 1] = el;
            }}
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            tabIndex={n === tabStop ? 0 : -1}
            size="sm"
            minW="10"
            variant={value != null && n <= value ? 'solid' : 'outline'}
            colorPalette="orange"
            onClick={() => onChange(n)}
            onKeyDown={(e) => onKeyDown(e, n)}
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
