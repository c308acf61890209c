import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Center minH="60vh" px="4">
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="3xl">
          Page Not Found
        </Heading>
        <Text color="gray.600">The page you are looking for does not exist.</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to="/">Go Home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
