import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Dialog,
  Heading,
  HStack,
  Icon,
  List,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  SUBSCRIPTION_FAQ,
  SUBSCRIPTION_GUARANTEE,
  SUBSCRIPTION_HIGHLIGHTS,
  findPlan,
  planDisplayName,
  planPageHeading,
  planSeatsLine,
  planTierLabel,
  type SubscriptionPlan,
  type UserDto,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import type { IconType } from 'react-icons';
import { FiCheck, FiClock, FiHeadphones, FiShield, FiTarget, FiZap } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { errorStatus, isSessionLost } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { goToProviderLogin } from '../../lib/redirects';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { useSubscriptionsStore } from '../../stores/subscriptions';
import { BillingDialog } from './BillingDialog';
import { UsageDialog } from './UsageSummary';

const HIGHLIGHT_ICONS: Record<string, IconType> = {
  'Fast Setup': FiZap,
  'Secure Platform': FiShield,
  'Smart Matching': FiTarget,
  '24/7 Support': FiHeadphones,
};

/** SPEC §2 Subscription plans: signed out, active, or the plan picker. */
export function SubscribePage() {
  const user = useSessionStore((s) => s.user);
  if (!user) return <SignedOutView />;
  if (user.subscriptionStatus === 'active') return <ActiveView user={user} />;
  return <PlanPicker />;
}

function SignedOutView() {
  return (
    <Center minH="60vh" px="4">
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="xl">
          Please log in to view subscription plans
        </Heading>
        <Button colorPalette="blue" onClick={goToProviderLogin}>
          Log In
        </Button>
      </Stack>
    </Center>
  );
}

function ActiveView({ user }: { user: UserDto }) {
  const [usageOpen, setUsageOpen] = useState(false);
  const [billingOpen, setBillingOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const plan = findPlan(user.subscriptionPlan);
  const benefits = plan?.features ?? [];
  const expiry = user.subscriptionExpiresAt ? formatUsDate(user.subscriptionExpiresAt) : null;
  return (
    <Container maxW="3xl" py="10">
      <Card.Root>
        <Card.Body gap="5" alignItems="center" textAlign="center">
          <Badge colorPalette="green" size="lg">
            Active Subscription
          </Badge>
          <Heading as="h1" size="2xl">
            You&apos;re All Set!
          </Heading>
          <Text fontSize="lg" fontWeight="semibold" data-testid="active-plan-name">
            {planDisplayName(user.subscriptionPlan)}
          </Text>
          {user.subscriptionCanceledAt ? (
            <Text color="orange.700" data-testid="subscription-cancel-notice">
              {expiry
                ? `Canceled: active until ${expiry}, then it ends. It will not renew.`
                : 'Canceled: it will not renew.'}
            </Text>
          ) : (
            <HStack color="gray.600" gap="2">
              <Icon as={FiClock} />
              <Text>{expiry ? `Renews or expires on ${expiry}` : 'Active subscription'}</Text>
            </HStack>
          )}
          {benefits.length > 0 && (
            <List.Root gap="2" variant="plain" alignSelf="center" textAlign="left">
              {benefits.map((b) => (
                <List.Item key={b}>
                  <List.Indicator asChild color="green.500">
                    <FiCheck />
                  </List.Indicator>
                  {b}
                </List.Item>
              ))}
            </List.Root>
          )}
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            <Button variant="outline" asChild>
              <RouterLink to="/team">Manage Team Access</RouterLink>
            </Button>
            <Button variant="outline" onClick={() => setUsageOpen(true)}>
              View Usage Analytics
            </Button>
            <Button variant="outline" onClick={() => setBillingOpen(true)}>
              Billing &amp; Payments
            </Button>
          </Stack>
          {!user.subscriptionCanceledAt && user.subscriptionPlan && (
            <Button variant="ghost" colorPalette="red" size="sm" onClick={() => setCancelOpen(true)}>
              Cancel Subscription
            </Button>
          )}
        </Card.Body>
      </Card.Root>
      <UsageDialog open={usageOpen} onClose={() => setUsageOpen(false)} />
      <BillingDialog user={user} open={billingOpen} onClose={() => setBillingOpen(false)} />
      {user.subscriptionPlan && (
        <CancelDialog
          planId={user.subscriptionPlan}
          expiry={expiry}
          open={cancelOpen}
          onClose={() => setCancelOpen(false)}
        />
      )}
    </Container>
  );
}

/** 'Cancel anytime': confirmed first, effective at the end of the period (the server keeps the plan until then). */
function CancelDialog({
  planId,
  expiry,
  open,
  onClose,
}: {
  planId: string;
  expiry: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const cancel = useSubscriptionsStore((s) => s.cancel);
  const patchUser = useSessionStore((s) => s.patchUser);
  const { submit, pending } = useSubmit(cancel, {
    successTitle: 'Subscription canceled',
    success: expiry ? `Your plan stays active until ${expiry}.` : undefined,
    failure: 'refusal',
    onSuccess: (user) => {
      patchUser(user);
      onClose();
    },
    resetOnSuccess: true,
  });
  return (
    <FormDialog title="Cancel Subscription?" open={open} onClose={onClose} placement="center">
      <Dialog.Body>
        <Text>
          {planDisplayName(planId)} stays active {expiry ? `until ${expiry}` : 'for the rest of the period'}{' '}
          and will not renew. You can subscribe again at any time.
        </Text>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelLabel="Keep Plan"
        cancelDisabled={pending}
        submitLabel="Cancel at Period End"
        pending={pending}
        onSubmit={() => void submit(planId)}
        colorPalette="red"
      />
    </FormDialog>
  );
}

/** Activation is confirmed first: one click on a plan card only opens this. */
function ConfirmPlanDialog({
  plan,
  pending,
  onConfirm,
  onClose,
}: {
  plan: SubscriptionPlan | null;
  pending: boolean;
  onConfirm: (plan: SubscriptionPlan) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog title="Confirm your plan" open={plan !== null} onClose={onClose} placement="center">
      {plan && (
        <>
          <Dialog.Body>
            <Stack gap="2">
              <Text fontWeight="semibold">{plan.name}</Text>
              <Text>${plan.price} per month, starting today. Cancel anytime.</Text>
            </Stack>
          </Dialog.Body>
          <FormDialogFooter
            onCancel={onClose}
            cancelDisabled={pending}
            submitLabel={`Activate ${plan.name}`}
            pending={pending}
            onSubmit={() => onConfirm(plan)}
          />
        </>
      )}
    </FormDialog>
  );
}

function PlanPicker() {
  const userType = useSessionStore((s) => s.user?.userType);
  const plans = useSubscriptionsStore(selectItems);
  const status = useSubscriptionsStore(selectStatus);
  const loadPlans = useSubscriptionsStore((s) => s.loadPlans);
  const activate = useSubscriptionsStore((s) => s.activate);
  const [pending, setPending] = useState<string | null>(null);
  const [chosen, setChosen] = useState<SubscriptionPlan | null>(null);

  useEffect(() => {
    void loadPlans();
  }, [loadPlans]);

  const choose = async (plan: SubscriptionPlan) => {
    setPending(plan.id);
    try {
      const result = await activate(plan.id);
      if (result.status === 'requires_action' && result.redirectUrl) {
        window.location.href = result.redirectUrl;
        return;
      }
      window.alert(`${planTierLabel(plan.id)} subscription activated successfully!`);
      window.location.reload();
    } catch (err) {
      setPending(null);
      if (isSessionLost(err)) return;
      window.alert(
        errorStatus(err) !== null
          ? 'Failed to activate subscription. Please try again.'
          : 'An error occurred. Please try again.',
      );
    }
  };

  return (
    <Container maxW="6xl" py="10">
      <Stack gap="10">
        <Stack textAlign="center" gap="2">
          <Heading as="h1" size="3xl">
            {planPageHeading(userType)}
          </Heading>
          <Text color="gray.600">
            Monthly plans for your account type. Upgrade, downgrade or cancel anytime.
          </Text>
        </Stack>

        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {SUBSCRIPTION_HIGHLIGHTS.map((h) => (
            <Stack key={h.title} align="center" textAlign="center" gap="1">
              <Icon as={HIGHLIGHT_ICONS[h.title]} boxSize="7" color="blue.600" />
              <Text fontWeight="semibold">{h.title}</Text>
              <Text fontSize="sm" color="gray.600">
                {h.description}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>

        {status === 'failed' ? (
          <Text textAlign="center" color="red.600">
            Could not load the plans. Please reload the page.
          </Text>
        ) : plans.length === 0 ? (
          <Center py="8">
            <Spinner />
          </Center>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" maxW="4xl" mx="auto" w="full">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                pending={pending === plan.id}
                disabled={pending !== null}
                onChoose={() => setChosen(plan)}
              />
            ))}
          </SimpleGrid>
        )}

        <ConfirmPlanDialog
          plan={chosen}
          pending={pending !== null}
          onConfirm={(plan) => void choose(plan)}
          onClose={() => setChosen(null)}
        />

        <Text textAlign="center" color="gray.600">
          {SUBSCRIPTION_GUARANTEE}
        </Text>

        <Box maxW="3xl" mx="auto" w="full">
          <Heading as="h2" size="lg" mb="4" textAlign="center">
            Frequently Asked Questions
          </Heading>
          <Accordion.Root collapsible multiple variant="enclosed">
            {SUBSCRIPTION_FAQ.map((f) => (
              <Accordion.Item key={f.question} value={f.question}>
                <Accordion.ItemTrigger>
                  <Text flex="1" fontWeight="medium">
                    {f.question}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="gray.600">{f.answer}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Box>
      </Stack>
    </Container>
  );
}

function PlanCard({
  plan,
  pending,
  disabled,
  onChoose,
}: {
  plan: SubscriptionPlan;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const tier = planTierLabel(plan.id);
  return (
    <Card.Root
      borderWidth={plan.mostPopular ? '2px' : '1px'}
      borderColor={plan.mostPopular ? 'blue.500' : undefined}
      position="relative"
      data-testid={`plan-${plan.id}`}
    >
      {plan.mostPopular && (
        <Badge
          colorPalette="blue"
          variant="solid"
          position="absolute"
          top="-3"
          left="50%"
          transform="translateX(-50%)"
        >
          Most Popular
        </Badge>
      )}
      <Card.Header>
        <Heading as="h2" size="lg">
          {plan.name}
        </Heading>
        <HStack align="baseline" gap="1">
          <Text fontSize="4xl" fontWeight="bold">
            ${plan.price}
          </Text>
          <Text color="gray.600">/month</Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        <List.Root gap="2" variant="plain">
          {[...plan.features, planSeatsLine(plan.id)].map((f) => (
            <List.Item key={f}>
              <List.Indicator asChild color="green.500">
                <FiCheck />
              </List.Indicator>
              {f}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <Button
          w="full"
          colorPalette="blue"
          variant={plan.mostPopular ? 'solid' : 'outline'}
          loading={pending}
          disabled={disabled}
          onClick={onChoose}
        >
          Choose {tier}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
