import { Card, HStack, Heading, Icon, Text } from '@chakra-ui/react';
import { FiShield } from 'react-icons/fi';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';

/** Dashboard: shown only while the user is verified (the session user follows `verification:changed`). */
export function VerifiedAccountCard({ user }: DashboardSectionProps) {
  if (!user.isVerified) return null;
  return (
    <Card.Root borderColor="green.200" bg="green.50" data-testid="verified-account-card">
      <Card.Header>
        <HStack gap="3">
          <Icon as={FiShield} boxSize="6" color="green.600" />
          <Heading as="h2" size="md">
            Verified Account
          </Heading>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Text color="green.800">
          Your documents are approved and your account is verified. You have full access to the platform.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
