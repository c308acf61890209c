import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  HStack,
  Heading,
  Icon,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import { gateBenefits, gateVerdict, planTierLabel, type PlanTier } from '@freight/shared';
import type { ReactNode } from 'react';
import { FiCheckCircle, FiLock } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { formatUsDate } from '../../lib/dates';
import { useSessionStore } from '../../stores/session';
import '../../stores/subscriptions';
import { useNowUntil } from './useNow';

interface SubscriptionGateProps {
  /** Named in the message: 'air freight marketplace'. */
  feature: string;
  requiredPlan?: PlanTier;
  children: ReactNode;
}

/**
 * SPEC §2 Subscription gate: in place of protected content when the user lacks an active subscription or a
 * sufficient plan (the shared rule the server applies too). Admins bypass. It follows the session user, which
 * `subscription:changed` updates, so an open page locks on expiry and unlocks on activation without a reload.
 */
export function SubscriptionGate({ feature, requiredPlan = 'basic', children }: SubscriptionGateProps) {
  const user = useSessionStore((s) => s.user);
  const now = useNowUntil(user?.subscriptionStatus === 'active' ? user.subscriptionExpiresAt : null);
  if (!user) return null;
  const verdict = gateVerdict(user, requiredPlan, now);
  if (verdict === 'allowed') return <>{children}</>;

  const upgrade = verdict === 'upgrade_required';
  const benefits = gateBenefits(user.userType);
  return (
    <Container maxW="2xl" py="12">
      <Card.Root data-testid="subscription-gate">
        <Card.Header>
          <Stack align="center" gap="3" textAlign="center">
            <Icon as={FiLock} boxSize="10" color="orange.500" />
            <Heading as="h1" size="2xl">
              {upgrade ? 'Upgrade Required' : 'Subscription Required'}
            </Heading>
            <Text color="gray.600">
              {upgrade
                ? `Your current plan does not include the ${feature}. Upgrade to the ${requiredPlan === 'pro' ? 'Pro' : 'Basic'} plan or higher to continue.`
                : `You need an active subscription to access the ${feature}.`}
            </Text>
          </Stack>
        </Card.Header>
        <Card.Body gap="5">
          <HStack justify="center" gap="3" wrap="wrap">
            <Text fontSize="sm" color="gray.600">
              Current plan:
            </Text>
            <Badge data-testid="gate-current-plan" colorPalette={user.subscriptionPlan ? 'blue' : 'gray'}>
              {user.subscriptionPlan ? planTierLabel(user.subscriptionPlan) : 'No active plan'}
            </Badge>
            {user.subscriptionExpiresAt && (
              <Text fontSize="sm" color="gray.600">
                {new Date(user.subscriptionExpiresAt) <= now ? 'Expired' : 'Expires'}{' '}
                {formatUsDate(user.subscriptionExpiresAt)}
              </Text>
            )}
          </HStack>
          <Box>
            <Text fontWeight="semibold" mb="2">
              {user.userType === 'broker' ? 'With a brokerage plan you get:' : 'With a subscription you get:'}
            </Text>
            <List.Root gap="2" variant="plain">
              {benefits.map((b) => (
                <List.Item key={b}>
                  <List.Indicator asChild color="green.500">
                    <FiCheckCircle />
                  </List.Indicator>
                  {b}
                </List.Item>
              ))}
            </List.Root>
          </Box>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
            <Button asChild colorPalette="blue">
              <RouterLink to="/subscribe">{upgrade ? 'Upgrade Plan' : 'View Subscription Plans'}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/">Return to Dashboard</RouterLink>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
