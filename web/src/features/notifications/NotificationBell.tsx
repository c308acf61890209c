import { Button, Flex, Popover, Portal } from '@chakra-ui/react';
import type { NotificationDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { FiBell } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { CountBadgeButton } from '../../components/CountBadgeButton';
import { selectStatus } from '../../lib/resourceStore';
import { useNotificationsStore } from '../../stores/notifications';
import { NotificationList } from './NotificationList';

/** The nav bar's bell: unread count (live from `notification:new`) and the recent notifications. */
export function NotificationBell() {
  const unreadCount = useNotificationsStore((s) => s.unreadCount);
  const status = useNotificationsStore(selectStatus);
  const load = useNotificationsStore((s) => s.load);
  const markRead = useNotificationsStore((s) => s.markRead);
  const markAllRead = useNotificationsStore((s) => s.markAllRead);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  const select = (notification: NotificationDto) => {
    if (!notification.readAt) void markRead(notification.id);
    if (notification.link) {
      setOpen(false);
      if (/^https?:\/\//.test(notification.link)) window.location.href = notification.link;
      else void navigate(notification.link);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <CountBadgeButton
          data-testid="notification-bell"
          icon={<FiBell />}
          label="Notifications"
          count={unreadCount}
          badgeColor="red"
          badgeTestId="notification-count"
        />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="sm" maxW="calc(100vw - 2rem)">
            <Popover.Header>
              <Flex justify="space-between" align="center">
                <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={unreadCount === 0}
                  onClick={() => void markAllRead()}
                >
                  Mark all read
                </Button>
              </Flex>
            </Popover.Header>
            <Popover.Body pt="0">
              <NotificationList onSelect={select} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
