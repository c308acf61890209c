import { Box, Flex, HStack, Heading, Icon, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FiTruck } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';

/** The one-row, 64 px top bar every page but the landing page shares: the brand link, then `children`. */
export function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <Box as="header" h="16" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Flex h="full" align="center" gap={{ base: '2', md: '4' }} px={{ base: '3', md: '6' }}>
        <Link asChild flexShrink={0} _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/" aria-label="FreightConnect home">
            <HStack gap="2">
              <Icon as={FiTruck} boxSize="6" color="blue.600" />
              <Heading size={{ base: 'sm', sm: 'md' }}>FreightConnect</Heading>
            </HStack>
          </RouterLink>
        </Link>
        {children}
      </Flex>
    </Box>
  );
}
