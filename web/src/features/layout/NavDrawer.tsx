import { CloseButton, Drawer, IconButton, Link, Portal, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserDto } from '@freight/shared';
import { useState } from 'react';
import { FiMenu } from 'react-icons/fi';
import { LogoutButton } from './LogoutButton';
import { NavLinks } from './NavLinks';
import { UserSummary } from './UserSummary';

/**
 * The menu button's drawer: below laptop widths the navigation, the user's summary and Logout; at every width the
 * account's own pages (Team, Invoices, settings, developers), which the laptop's row has no room for.
 */
export function NavDrawer({ user }: { user: UserDto }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open navigation" variant="ghost">
          <FiMenu />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <Stack gap="5" hideFrom="xl">
                  <UserSummary user={user} />
                  <NavLinks
                    userType={user.userType}
                    companyRole={user.company?.role ?? null}
                    direction="column"
                    onNavigate={close}
                  />
                </Stack>
                {user.company && (
                  <Link asChild px="2" fontSize="sm" fontWeight="medium" color="gray.700">
                    <RouterLink to="/team" onClick={close} data-testid="nav-team">
                      Team
                    </RouterLink>
                  </Link>
                )}
                {user.viewerActions?.listInvoices && (
                  <Link asChild px="2" fontSize="sm" fontWeight="medium" color="gray.700">
                    <RouterLink to="/invoices" onClick={close} data-testid="nav-invoices">
                      Invoices
                    </RouterLink>
                  </Link>
                )}
                <Link asChild px="2" fontSize="sm" fontWeight="medium" color="gray.700">
                  <RouterLink to="/account/security" onClick={close}>
                    Account security
                  </RouterLink>
                </Link>
                <Link asChild px="2" fontSize="sm" fontWeight="medium" color="gray.700">
                  <RouterLink to="/account/notifications" onClick={close}>
                    Notification settings
                  </RouterLink>
                </Link>
                {user.userType !== 'admin' && (
                  <Link asChild px="2" fontSize="sm" fontWeight="medium" color="gray.700">
                    <RouterLink to="/developers/keys" onClick={close}>
                      Developers: API keys and webhooks
                    </RouterLink>
                  </Link>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <LogoutButton w="full" />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
