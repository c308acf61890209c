import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Shown while authentication loads (SPEC §2). */
export function FullScreenSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="xl" color="blue.500" />
        <Text color="gray.600">{label}</Text>
      </VStack>
    </Center>
  );
}
