import { Box, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { FiClipboard, FiLock, FiShield } from 'react-icons/fi';

interface Feature {
  title: string;
  description: string;
  icon: IconType;
}

/** SPEC §1: the product's selling points. */
const FEATURES: Feature[] = [
  {
    title: 'Verified Users',
    description: 'All users undergo document verification before accessing the platform.',
    icon: FiShield,
  },
  {
    title: 'Secure Platform',
    description: 'Encrypted document storage keeps your compliance records safe.',
    icon: FiLock,
  },
  {
    title: 'Compliance Focus',
    description: 'Automated document tracking and renewals keep you compliant.',
    icon: FiClipboard,
  },
];

export function FeaturesSection() {
  return (
    <Box as="section" bg="gray.50" py="16">
      <Container maxW="6xl">
        <Heading as="h2" id="features-heading" size="2xl" textAlign="center" mb="10">
          Why FreightConnect
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          {FEATURES.map((feature) => (
            <Stack key={feature.title} align="center" textAlign="center" gap="3">
              <Icon as={feature.icon} boxSize="10" color="blue.600" />
              <Heading as="h3" size="lg">
                {feature.title}
              </Heading>
              <Text color="gray.600">{feature.description}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
