import { Dialog, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { formatUsDate } from '../../lib/dates';
import { useSubscriptionsStore } from '../../stores/subscriptions';

/** This month's use against the plan's cap (Pro: against 'Unlimited'). */
export function UsageSummary() {
  const usage = useSubscriptionsStore((s) => s.usage);
  const status = useSubscriptionsStore((s) => s.usageStatus);
  const loadUsage = useSubscriptionsStore((s) => s.loadUsage);

  useEffect(() => {
    void loadUsage();
  }, [loadUsage]);

  if (!usage) {
    if (status === 'failed') return <Text color="red.600">Could not load usage.</Text>;
    return <Spinner size="sm" />;
  }
  const lastDay = new Date(new Date(usage.periodEnd).getTime() - 1).toISOString();
  return (
    <Stack gap="3" data-testid="usage-summary">
      <HStack justify="space-between">
        <Text fontWeight="semibold">{usage.planName}</Text>
        <Text fontSize="sm" color="gray.600">
          {formatUsDate(usage.periodStart)} – {formatUsDate(lastDay)}
        </Text>
      </HStack>
      {usage.metric ? (
        <>
          <HStack justify="space-between">
            <Text>{usage.label}</Text>
            <Text fontWeight="semibold" data-testid="usage-count">
              {usage.limit === null ? `${usage.used} (Unlimited)` : `${usage.used} of ${usage.limit}`}
            </Text>
          </HStack>
          {usage.limit !== null && (
            <Progress.Root
              value={Math.min(usage.used, usage.limit)}
              max={usage.limit}
              colorPalette={usage.used >= usage.limit ? 'red' : 'blue'}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {usage.limit !== null && usage.used >= usage.limit && (
            <Text color="red.600" fontSize="sm">
              You have reached this month&apos;s limit. Upgrade to Pro for unlimited use.
            </Text>
          )}
        </>
      ) : (
        <Text color="gray.600">Your plan has no monthly limits to track.</Text>
      )}
    </Stack>
  );
}

export function UsageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog title="Usage Analytics" open={open} onClose={onClose}>
      <Dialog.Body>
        <UsageSummary />
      </Dialog.Body>
      <FormDialogFooter onCancel={onClose} cancelLabel="Close" />
    </FormDialog>
  );
}
