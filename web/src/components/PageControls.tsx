import { Button, HStack, Text } from '@chakra-ui/react';

interface PageControlsProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  size?: 'xs' | 'sm';
}

/** Previous / 'Page n of m' / Next under a paged list; hidden when there is one page. */
export function PageControls({ page, pages, onPage, size = 'sm' }: PageControlsProps) {
  if (pages <= 1) return null;
  return (
    <HStack justify="center" gap="3">
      <Button size={size} variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm">
        Page {page} of {pages}
      </Text>
      <Button size={size} variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
