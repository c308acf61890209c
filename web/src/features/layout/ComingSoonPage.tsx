import { Container, Heading, Stack, Text } from '@chakra-ui/react';

/** Stand-in for a screen another feature will deliver. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Container maxW="4xl" py="12">
      <Stack gap="3">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="gray.600">Coming soon</Text>
      </Stack>
    </Container>
  );
}
