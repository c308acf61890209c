import { Button, Card, HStack, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { BACKGROUND_CHECK_PATH } from '@freight/shared';
import { FiUserCheck } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { BackgroundCheckStatusBadge } from './BackgroundCheckStatusBadge';
import { useMyBackgroundCheck } from './useMyBackgroundCheck';

/** Dashboard (individual drivers): the background check's status and the way to the form. */
export function BackgroundCheckCard({ user }: DashboardSectionProps) {
  const isDriver = user.viewerActions.submitBackgroundCheck === true;
  const { check, status } = useMyBackgroundCheck(isDriver);
  if (!isDriver) return null;
  const text = !check
    ? 'Complete your background check to start making offers on small shipments.'
    : check.status === 'pending'
      ? 'Your background check is being reviewed. We will let you know as soon as it is decided.'
      : check.status === 'approved'
        ? 'Your background check is approved. Customers see "Background checked" on your offers.'
        : `Your background check was rejected: ${check.rejectionReason}. Correct it and submit it again.`;
  const action = !check ? 'Start Background Check' : check.status === 'rejected' ? 'Resubmit' : 'View';
  return (
    <Card.Root data-testid="background-check-card">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <HStack gap="3">
            <Icon as={FiUserCheck} boxSize="6" color="blue.600" />
            <Heading as="h2" size="md">
              Background Check
            </Heading>
          </HStack>
          {status === 'loaded' && <BackgroundCheckStatusBadge check={check} />}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" align="flex-start">
          <Text color="gray.700">
            {status === 'failed' ? 'Your background check could not be loaded.' : text}
          </Text>
          <Button
            asChild
            size="sm"
            colorPalette="blue"
            variant={check?.status === 'approved' ? 'outline' : 'solid'}
          >
            <RouterLink to={BACKGROUND_CHECK_PATH}>{action}</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
