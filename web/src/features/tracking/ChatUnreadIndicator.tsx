import { Link, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FiMessageSquare } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { CountBadgeButton } from '../../components/CountBadgeButton';
import { useTrackingStore } from '../../stores/tracking';

/** The navigation's unread chat counts: a total on the icon, per load in the popover (live from chat:unread). */
export function ChatUnreadIndicator() {
  const unread = useTrackingStore((s) => s.unread);
  const status = useTrackingStore((s) => s.unreadStatus);
  const loadUnread = useTrackingStore((s) => s.loadUnread);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (status === 'idle') void loadUnread();
  }, [status, loadUnread]);

  const loads = Object.entries(unread).filter(([, n]) => n > 0);
  const total = loads.reduce((sum, [, n]) => sum + n, 0);

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <CountBadgeButton
          data-testid="chat-unread"
          icon={<FiMessageSquare />}
          label="Chats"
          count={total}
          badgeColor="blue"
          badgeTestId="chat-unread-count"
        />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Body>
              {loads.length === 0 ? (
                <Text fontSize="sm" color="gray.600">
                  No unread messages
                </Text>
              ) : (
                <Stack gap="1">
                  {loads.map(([freightId, n]) => (
                    <Link key={freightId} asChild fontSize="sm" onClick={() => setOpen(false)}>
                      <RouterLink to={`/tracking/${freightId}`}>
                        Load #{freightId.slice(-6)}: {n} unread
                      </RouterLink>
                    </Link>
                  ))}
                </Stack>
              )}
              <Link asChild fontSize="sm" color="blue.600" mt="2" onClick={() => setOpen(false)}>
                <RouterLink to="/tracking">All tracked loads</RouterLink>
              </Link>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
