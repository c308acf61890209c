import { Card, Heading, Spinner, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadMoreButton } from './LoadMoreButton';

interface PagedListCardProps {
  title: string;
  /** True when the list has no items. */
  isEmpty: boolean;
  /** The first page is on its way (shown as a spinner while the list is empty). */
  loadingFirst: boolean;
  loadingLabel: string;
  /** Shown when the list is empty and not loading. */
  emptyState: ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The list items (`li` elements). */
  children: ReactNode;
}

/** A titled card holding a list that grows with 'Load more', with its loading and empty states. */
export function PagedListCard({
  title,
  isEmpty,
  loadingFirst,
  loadingLabel,
  emptyState,
  hasMore,
  loadingMore,
  onLoadMore,
  children,
}: PagedListCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {isEmpty ? (
          loadingFirst ? (
            <Spinner size="sm" role="status" aria-label={loadingLabel} />
          ) : (
            emptyState
          )
        ) : (
          <Stack gap="3" as="ul" listStyleType="none">
            {children}
            {hasMore && <LoadMoreButton size="sm" loading={loadingMore} onClick={onLoadMore} />}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
