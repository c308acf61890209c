import {
  Box,
  Button,
  Container,
  Flex,
  HStack,
  Heading,
  Icon,
  IconButton,
  Link,
  Menu,
  Portal,
} from '@chakra-ui/react';
import { FiMoreVertical, FiTruck } from 'react-icons/fi';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { goToProviderLogin } from '../../lib/redirects';
import { useAuthModalStore } from '../auth/authModalStore';

/**
 * The landing page's header: one row at every width. On phones Sign In stays in view and Create Account, Browse
 * Freight and Sign in with SSO move into a "More" menu (three rows of buttons took 150 px of a 390 px phone; the
 * page's own Get Started and Register buttons are a scroll away).
 */
export function LandingTopBar() {
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const openRegister = useAuthModalStore((s) => s.openRegister);
  const navigate = useNavigate();
  return (
    <Box as="header" bg="white" borderBottomWidth="1px">
      <Container maxW="7xl" py="3" px={{ base: '3', md: '6' }}>
        <Flex align="center" justify="space-between" gap="2">
          <HStack gap="2" minW="0">
            <Icon as={FiTruck} boxSize="6" color="blue.600" flexShrink={0} />
            <Heading size={{ base: 'sm', sm: 'md', md: 'lg' }}>FreightConnect</Heading>
          </HStack>
          <HStack gap="2" flexShrink={0}>
            <Link asChild colorPalette="blue" fontWeight="medium" px="2" hideBelow="md">
              <RouterLink to="/freight">Browse Freight</RouterLink>
            </Link>
            <Button variant="ghost" size={{ base: 'sm', md: 'md' }} onClick={() => openLogin()}>
              Sign In
            </Button>
            <Button colorPalette="blue" onClick={openRegister} hideBelow="md">
              Create Account
            </Button>
            <Button variant="outline" onClick={goToProviderLogin} hideBelow="md">
              Sign in with SSO
            </Button>
            <Menu.Root>
              <Menu.Trigger asChild>
                <IconButton aria-label="More" variant="ghost" size="sm" hideFrom="md">
                  <FiMoreVertical />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="register" onClick={openRegister}>
                      Create Account
                    </Menu.Item>
                    <Menu.Item value="freight" onClick={() => void navigate('/freight')}>
                      Browse Freight
                    </Menu.Item>
                    <Menu.Item value="sso" onClick={goToProviderLogin}>
                      Sign in with SSO
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
