import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { NotificationDto } from '@freight/shared';
import { selectHasMore, selectItems, selectStatus } from '../../lib/resourceStore';
import { useNotificationsStore } from '../../stores/notifications';
import { NotificationItem } from './NotificationItem';

export function NotificationList({ onSelect }: { onSelect: (notification: NotificationDto) => void }) {
  const items = useNotificationsStore(selectItems);
  const status = useNotificationsStore(selectStatus);
  const hasMore = useNotificationsStore(selectHasMore);
  const loadMore = useNotificationsStore((s) => s.loadMore);

  if (status === 'loading' && items.length === 0) {
    return <Spinner size="sm" role="status" aria-label="Loading notifications" />;
  }
  if (items.length === 0) {
    return (
      <Text fontSize="sm" color="gray.600" py="2">
        No notifications yet
      </Text>
    );
  }
  return (
    <Stack gap="1" maxH="sm" overflowY="auto">
      {items.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onSelect={onSelect} />
      ))}
      {hasMore && (
        <Button size="xs" variant="ghost" loading={status === 'loading'} onClick={() => void loadMore()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
