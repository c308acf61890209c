import { Link, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FiMessageSquare } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { CountBadgeButton } from '../../components/CountBadgeButton';
import { loadReference, trackingRoute } from '../../lib/loadReference';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useChatUnreadStore } from '../../stores/chatUnread';
import { useTrackedLoadsStore } from '../../stores/trackedLoads';

/** The navigation's unread chat counts: a total on the icon, per load in the popover (live from chat:unread). */
export function ChatUnreadIndicator() {
  const unread = useChatUnreadStore(selectItems);
  const status = useChatUnreadStore(selectStatus);
  const loadUnread = useChatUnreadStore((s) => s.load);
  const trackedLoads = useTrackedLoadsStore(selectItems);
  const trackedStatus = useTrackedLoadsStore(selectStatus);
  const loadTracked = useTrackedLoadsStore((s) => s.load);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (status === 'idle') void loadUnread();
  }, [status, loadUnread]);

  const loads = unread.filter((u) => u.unreadCount > 0);
  const total = loads.reduce((sum, u) => sum + u.unreadCount, 0);

  // The routes come from the tracked loads, read when the popover first opens on unread chats.
  useEffect(() => {
    if (open && loads.length > 0 && trackedStatus === 'idle') void loadTracked();
  }, [open, loads.length, trackedStatus, loadTracked]);
  const routeOf = (freightId: string) => {
    const load = trackedLoads.find((l) => l.id === freightId);
    return load ? ` · ${trackingRoute(load)}` : '';
  };

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
                  {loads.map(({ id: freightId, unreadCount: n }) => (
                    <Link key={freightId} asChild fontSize="sm" onClick={() => setOpen(false)}>
                      <RouterLink to={`/tracking/${freightId}`}>
                        Load {loadReference(freightId)}
                        {routeOf(freightId)}: {n} unread
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
