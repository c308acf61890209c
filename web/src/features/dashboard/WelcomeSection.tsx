import { Heading, Stack, Text } from '@chakra-ui/react';
import { USER_TYPE_LABELS } from '@freight/shared';
import type { DashboardSectionProps } from './dashboardSectionProps';

export function WelcomeSection({ user }: DashboardSectionProps) {
  const company = user.companyName || [user.firstName, user.lastName].filter(Boolean).join(' ');
  const typeLabel = USER_TYPE_LABELS[user.userType];
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl" data-testid="welcome-heading">
        Welcome, {company} ({typeLabel})
      </Heading>
      <Text color="gray.600">Your {typeLabel} dashboard</Text>
    </Stack>
  );
}
