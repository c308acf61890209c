import { HStack, Spacer } from '@chakra-ui/react';
import type { UserDto } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';
import { NotificationBell } from '../notifications/NotificationBell';
import { ChatUnreadIndicator } from '../tracking/ChatUnreadIndicator';
import { HeaderBar } from './HeaderBar';
import { LogoutButton } from './LogoutButton';
import { NavDrawer } from './NavDrawer';
import { NavLinks } from './NavLinks';
import { UserSummary } from './UserSummary';

/**
 * The authenticated navigation bar (SPEC §2), one 64 px row: on laptops (xl and up) the links, the user's summary
 * and Logout sit in the row; below, they move into a drawer (the summary stays in the row from tablet width). The
 * drawer's menu button stays at every width: the account's own pages (Team, Invoices, settings) are in it.
 */
export function NavBar({ user }: { user: UserDto }) {
  return (
    <HeaderBar>
      <HStack hideBelow="xl" minW="0">
        <NavLinks userType={user.userType} companyRole={user.company?.role ?? null} direction="row" />
      </HStack>
      <Spacer />
      <HStack gap={{ base: '1', md: '2' }} flexShrink={0}>
        <ChatUnreadIndicator />
        <NotificationBell />
        <HStack hideBelow="md">
          {/* The account menu's way to the security settings (issue 27). */}
          <RouterLink to="/account/security" title="Account security">
            <UserSummary user={user} />
          </RouterLink>
        </HStack>
        <LogoutButton iconOnly hideBelow="xl" />
        <NavDrawer user={user} />
      </HStack>
    </HeaderBar>
  );
}
