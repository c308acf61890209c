import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FilterActionsProps {
  /** The number of matches, shown on the Search button. */
  total: number;
  onClear: () => void;
  /** While the search is being prepared (places looked up): the Search button shows a spinner. */
  searching?: boolean;
  /** Anything after the buttons (extra actions, the 'Showing …' line). */
  children?: ReactNode;
}

/** The row under a filter form: Search (submits the form) and Clear Filters. */
export function FilterActions({ total, onClear, searching, children }: FilterActionsProps) {
  return (
    <HStack mt="4" gap="3" wrap="wrap">
      <Button type="submit" colorPalette="blue" loading={searching}>
        Search ({total})
      </Button>
      <Button variant="outline" onClick={onClear}>
        Clear Filters
      </Button>
      {children}
    </HStack>
  );
}
