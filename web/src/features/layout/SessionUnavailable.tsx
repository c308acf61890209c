import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';

/**
 * The browser says it is signed in (the marker cookie) but the session could not be read (the server unreachable or
 * answering 503): it says so and offers to try again, instead of drawing the signed-out pages for someone signed in.
 * Back online, it tries again by itself.
 */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <Center minH="100vh" px="4">
      <VStack gap="3" maxW="md" textAlign="center">
        <Heading as="h1" size="lg">
          Could not reach the server
        </Heading>
        <Text color="gray.600">
          Your session could not be read just now. Check your connection, then try again.
        </Text>
        <Button colorPalette="blue" onClick={onRetry}>
          Try Again
        </Button>
      </VStack>
    </Center>
  );
}
