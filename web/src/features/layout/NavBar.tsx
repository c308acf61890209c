import { Box, Button, Container, Flex, HStack, Heading, Icon, Link } from '@chakra-ui/react';
import type { UserDto } from '@freight/shared';
import { FiLogOut, FiTruck } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { useSessionStore } from '../../stores/session';
import { NotificationBell } from '../notifications/NotificationBell';
import { ChatUnreadIndicator } from '../tracking/ChatUnreadIndicator';
import { NavLinks } from './NavLinks';
import { UserSummary } from './UserSummary';

/** The authenticated navigation bar (SPEC §2). */
export function NavBar({ user }: { user: UserDto }) {
  const logout = useSessionStore((s) => s.logout);
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="full" px={{ base: '4', md: '6' }} py="2">
        <Flex align="center" justify="space-between" wrap="wrap" gap="3">
          <HStack gap="4" wrap="wrap">
            <Link asChild _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label="FreightConnect home">
                <HStack gap="2">
                  <Icon as={FiTruck} boxSize="6" color="blue.600" />
                  <Heading size="md">FreightConnect</Heading>
                </HStack>
              </RouterLink>
            </Link>
            <NavLinks userType={user.userType} />
          </HStack>
          <HStack gap="3" flexShrink={0}>
            <ChatUnreadIndicator />
            <NotificationBell />
            <UserSummary user={user} />
            <Button variant="outline" size="sm" onClick={logout}>
              <FiLogOut aria-hidden />
              Logout
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
