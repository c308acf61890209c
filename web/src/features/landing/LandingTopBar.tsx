import { Box, Button, Container, Flex, HStack, Heading, Icon, Link } from '@chakra-ui/react';
import { FiTruck } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { goToProviderLogin } from '../../lib/redirects';
import { useAuthModalStore } from '../auth/authModalStore';

export function LandingTopBar() {
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const openRegister = useAuthModalStore((s) => s.openRegister);
  return (
    <Box as="header" bg="white" borderBottomWidth="1px">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" wrap="wrap" gap="3">
          <HStack gap="2">
            <Icon as={FiTruck} boxSize="6" color="blue.600" />
            <Heading size="lg">FreightConnect</Heading>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Link asChild colorPalette="blue" fontWeight="medium" px="2">
              <RouterLink to="/freight">Browse Freight</RouterLink>
            </Link>
            <Button variant="ghost" onClick={() => openLogin()}>
              Sign In
            </Button>
            <Button colorPalette="blue" onClick={openRegister}>
              Create Account
            </Button>
            <Button variant="outline" onClick={goToProviderLogin}>
              Sign in with SSO
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
