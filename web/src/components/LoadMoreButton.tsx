import { Button, type ButtonProps } from '@chakra-ui/react';

/** 'Load more' under a list that pages by appending. */
export function LoadMoreButton({
  loading,
  onClick,
  size,
}: Pick<ButtonProps, 'loading' | 'size'> & { onClick: () => void }) {
  return (
    <Button size={size} variant="ghost" alignSelf="center" loading={loading} onClick={onClick}>
      Load more
    </Button>
  );
}
