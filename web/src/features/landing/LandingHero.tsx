import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { goToProviderLogin } from '../../lib/redirects';

export function LandingHero() {
  return (
    <Box
      as="section"
      bgGradient="to-b"
      gradientFrom="blue.50"
      gradientTo="white"
      py={{ base: '12', md: '20' }}
    >
      <Container maxW="4xl" textAlign="center">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} mb="4">
          Professional Freight Matching Platform
        </Heading>
        <Text fontSize={{ base: 'md', md: 'xl' }} color="gray.600" mb="8">
          Connect verified carriers, shippers, brokers and air cargo operators with secure document
          management.
        </Text>
        <Button size="lg" colorPalette="blue" onClick={goToProviderLogin}>
          Get Started
        </Button>
      </Container>
    </Box>
  );
}
