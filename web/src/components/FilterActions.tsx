import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FilterActionsProps {
  /** The number of matches, shown on the Search button. */
  total: number;
  onClear: () => void;
  /** Anything after the buttons (extra actions, the 'Showing …' line). */
  children?: ReactNode;
}

/** The row under a filter form: Search (submits the form) and Clear Filters. */
export function FilterActions({ total, onClear, children }: FilterActionsProps) {
  return (
    <HStack mt="4" gap="3" wrap="wrap">
      <Button type="submit" colorPalette="blue">
        Search ({total})
      </Button>
      <Button variant="outline" onClick={onClear}>
        Clear Filters
      </Button>
      {children}
    </HStack>
  );
}
