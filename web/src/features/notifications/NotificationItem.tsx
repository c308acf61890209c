import { Text, chakra } from '@chakra-ui/react';
import type { NotificationDto } from '@freight/shared';
import { formatUsDateTime } from '../../lib/dates';

interface NotificationItemProps {
  notification: NotificationDto;
  onSelect: (notification: NotificationDto) => void;
}

/** One row of the bell's list: title, body and date; unread rows are highlighted. */
export function NotificationItem({ notification, onSelect }: NotificationItemProps) {
  const unread = !notification.readAt;
  return (
    <chakra.button
      type="button"
      width="full"
      textAlign="left"
      px="3"
      py="2"
      borderRadius="md"
      bg={unread ? 'blue.50' : 'transparent'}
      _hover={{ bg: unread ? 'blue.100' : 'gray.100' }}
      onClick={() => onSelect(notification)}
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
    >
      <Text fontWeight={unread ? 'semibold' : 'normal'} fontSize="sm">
        {notification.title}
      </Text>
      {notification.body && (
        <Text fontSize="sm" color="gray.600">
          {notification.body}
        </Text>
      )}
      <Text fontSize="xs" color="gray.500">
        {formatUsDateTime(notification.createdAt)}
      </Text>
    </chakra.button>
  );
}
