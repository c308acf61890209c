import { Button, HStack, Spacer } from '@chakra-ui/react';
import { FiLogIn } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { SIGN_IN_PROMPT } from './AppRoutes';
import { HeaderBar } from './HeaderBar';

/** The top bar of the pages a signed-out visitor may open besides the landing page (e.g. /freight). */
export function PublicNavBar() {
  const navigate = useNavigate();
  return (
    <HeaderBar>
      <Spacer />
      <HStack gap="2" flexShrink={0}>
        <Button colorPalette="blue" size="sm" onClick={() => navigate(SIGN_IN_PROMPT)}>
          <FiLogIn aria-hidden />
          Sign In
        </Button>
      </HStack>
    </HeaderBar>
  );
}
