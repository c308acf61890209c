import { Box, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';

/** Placeholder links: their targets are not part of the product (SPEC §2). */
const FOOTER_LINKS = ['About', 'Contact', 'Privacy Policy', 'Terms of Service'];

export function LandingFooter() {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" py="8">
      <Container maxW="7xl">
        <Flex justify="space-between" align="center" wrap="wrap" gap="4">
          <Text>© 2024 FreightConnect. All rights reserved.</Text>
          <HStack as="nav" aria-label="Footer" gap="6" wrap="wrap">
            {FOOTER_LINKS.map((label) => (
              <Link key={label} href="#" color="gray.300" onClick={(e) => e.preventDefault()}>
                {label}
              </Link>
            ))}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
