import { Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { findPlan, planDisplayName, type UserDto } from '@freight/shared';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { formatUsDate } from '../../lib/dates';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" gap="4">
      <Text color="gray.600">{label}</Text>
      <Text fontWeight="medium" textAlign="right">
        {value}
      </Text>
    </HStack>
  );
}

/**
 * 'Billing & Payments' on the active view (SPEC §2 leaves it without an action): what the account pays, for what
 * period, and how. The product has no card step (SPEC §7, call 29), so there is no card on file to show or change.
 */
export function BillingDialog({
  user,
  open,
  onClose,
}: {
  user: UserDto;
  open: boolean;
  onClose: () => void;
}) {
  const plan = findPlan(user.subscriptionPlan);
  return (
    <FormDialog title="Billing & Payments" open={open} onClose={onClose}>
      <Dialog.Body>
        <Stack gap="3" data-testid="billing-summary">
          <Row label="Plan" value={planDisplayName(user.subscriptionPlan)} />
          <Row label="Price" value={plan ? `$${plan.price} per month` : '—'} />
          <Row
            label="Status"
            value={user.subscriptionStatus === 'active' ? 'Active' : user.subscriptionStatus}
          />
          <Row
            label="Current period ends"
            value={user.subscriptionExpiresAt ? formatUsDate(user.subscriptionExpiresAt) : 'No end date'}
          />
          <Row label="Payment method" value="None on file (activation takes no card payment)" />
          <Text fontSize="sm" color="gray.600">
            Plans renew monthly; a change takes effect at the next billing cycle, with a 14-day money-back
            guarantee.
          </Text>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter onCancel={onClose} cancelLabel="Close" />
    </FormDialog>
  );
}
