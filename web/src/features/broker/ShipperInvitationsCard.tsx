import { Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { ShipperInvitationDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatUsDate } from '../../lib/dates';
import { selectItems } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useShipperInvitationsStore } from '../../stores/shipperInvitations';
import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { formatMoney } from '../freight/format';

/** Dashboard, shippers: brokers' invitations to a shipper relationship, with Accept and Decline (hidden when none). */
export function ShipperInvitationsCard({ user }: DashboardSectionProps) {
  const show = user.viewerActions.answerBrokerInvitations === true;
  const items = useShipperInvitationsStore(selectItems);
  const load = useShipperInvitationsStore((s) => s.load);
  const answer = useShipperInvitationsStore((s) => s.answer);
  const [busy, setBusy] = useState<string | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { submit } = useSubmit(
    async (invitation: ShipperInvitationDto, choice: 'accept' | 'decline') => {
      const status = await answer(invitation.id, choice);
      const broker = invitation.brokerCompany || invitation.brokerName;
      return status === 'accepted'
        ? `${broker} is now your broker.`
        : `You declined the invitation from ${broker}.`;
    },
    { success: (text) => text, failure: 'Failed to answer the invitation' },
  );

  useEffect(() => {
    if (show) void load();
  }, [show, load]);
  if (!show || items.length === 0) return null;

  const act = async (invitation: ShipperInvitationDto, choice: 'accept' | 'decline') => {
    setBusy(invitation.id);
    await submit(invitation, choice);
    setBusy(null);
  };

  return (
    <Card.Root as="section" aria-labelledby="broker-invitations-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="broker-invitations-heading">
          Broker Invitations
        </Heading>
        <Text color="gray.600" fontSize="sm">
          Accepting shares your name, email, phone and company with the broker.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {items.map((i) => (
            <Box
              key={i.id}
              borderWidth="1px"
              borderRadius="md"
              p="4"
              role="group"
              aria-label={`Invitation from ${i.brokerCompany || i.brokerName}`}
              data-testid="broker-invitation"
            >
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Stack gap="0">
                  <Text fontWeight="semibold">{i.brokerCompany || i.brokerName}</Text>
                  <Text fontSize="sm" color="gray.600">
                    {i.brokerName} · credit limit {formatMoney(i.creditLimit) ?? 'N/A'} · terms{' '}
                    {i.paymentTerms ?? 'N/A'} · invited {formatUsDate(i.createdAt)}
                  </Text>
                </Stack>
                <HStack gap="2">
                  <Button
                    size="sm"
                    colorPalette="green"
                    disabled={busy === i.id}
                    onClick={() => void act(i, 'accept')}
                  >
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={busy === i.id}
                    onClick={() =>
                      confirm({
                        title: 'Decline this invitation?',
                        body: `${i.brokerCompany || i.brokerName} will not become your broker. They can invite you again later.`,
                        confirmLabel: 'Decline Invitation',
                        onConfirm: () => void act(i, 'decline'),
                      })
                    }
                  >
                    Decline
                  </Button>
                </HStack>
              </HStack>
            </Box>
          ))}
        </Stack>
      </Card.Body>
      {confirmDialog}
    </Card.Root>
  );
}
