import { Button, Card, HStack, Heading } from '@chakra-ui/react';
import { isPlanUserType } from '@freight/shared';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { UsageSummary } from './UsageSummary';

/** Dashboard: this month's use against the plan (plan holders of the four plan types). */
export function UsageCard({ user }: DashboardSectionProps) {
  if (!isPlanUserType(user.userType) || user.subscriptionStatus !== 'active') return null;
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Plan Usage
          </Heading>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/subscribe">Manage Plan</RouterLink>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <UsageSummary />
      </Card.Body>
    </Card.Root>
  );
}
