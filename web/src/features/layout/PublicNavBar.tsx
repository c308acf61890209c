import { Button, HStack, Spacer } from '@chakra-ui/react';
import { FiLogIn } from 'react-icons/fi';
import { useAuthModalStore } from '../auth/authModalStore';
import { HeaderBar } from './HeaderBar';

/**
 * The top bar of the pages a signed-out visitor may open besides the landing page (e.g. /freight). Sign In opens the
 * dialog on the page itself, so signing in comes back to it (issue 23).
 */
export function PublicNavBar() {
  const openLogin = useAuthModalStore((s) => s.openLogin);
  return (
    <HeaderBar>
      <Spacer />
      <HStack gap="2" flexShrink={0}>
        <Button colorPalette="blue" size="sm" onClick={() => openLogin()}>
          <FiLogIn aria-hidden />
          Sign In
        </Button>
      </HStack>
    </HeaderBar>
  );
}
