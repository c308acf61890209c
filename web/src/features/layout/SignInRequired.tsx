import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FiLogIn } from 'react-icons/fi';
import { useAuthModalStore } from '../auth/authModalStore';

/**
 * A signed-in page opened signed out (a deep link, or after the session ended): the sign-in dialog opens here, on the
 * same address, so signing in (which reloads the page) lands on the page the link named (issue 23).
 */
export function SignInRequired() {
  const openLogin = useAuthModalStore((s) => s.openLogin);
  useEffect(() => {
    openLogin();
  }, [openLogin]);
  return (
    <Container maxW="xl" py="16">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="xl">
          Sign in to continue
        </Heading>
        <Text color="gray.600">This page needs you to sign in. You will come back here once you have.</Text>
        <Button colorPalette="blue" onClick={() => openLogin()}>
          <FiLogIn aria-hidden />
          Sign In
        </Button>
      </Stack>
    </Container>
  );
}
