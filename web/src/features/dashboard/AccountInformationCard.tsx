import { Badge, Button, Card, DataList, HStack, Heading } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { USER_TYPE_LABELS, documentTypesFor } from '@freight/shared';
import { formatUsDate } from '../../lib/dates';
import { AuthorityNumbersDialog } from './AuthorityNumbersDialog';
import type { DashboardSectionProps } from './dashboardSectionProps';

/** Verified, or Pending while documents are outstanding; a type that needs none is not waiting on anything. */
function verificationBadge(user: DashboardSectionProps['user']): { label: string; color: string } {
  if (user.isVerified) return { label: 'Verified', color: 'green' };
  if (documentTypesFor(user.userType).length === 0) return { label: 'No documents required', color: 'gray' };
  return { label: 'Pending', color: 'yellow' };
}

export function AccountInformationCard({ user, openAccountSetup }: DashboardSectionProps) {
  const verification = verificationBadge(user);
  const [editing, setEditing] = useState(false);
  const rows: Array<{ label: string; value: ReactNode }> = [
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phoneNumber || 'Not provided' },
    { label: 'Company', value: user.companyName || 'Not provided' },
    { label: 'Account Type', value: USER_TYPE_LABELS[user.userType] },
    {
      label: 'Verification',
      value: (
        <Badge colorPalette={verification.color} data-testid="account-verification">
          {verification.label}
        </Badge>
      ),
    },
    { label: 'Member Since', value: formatUsDate(user.createdAt) },
  ];
  const hasAuthority = user.viewerActions.setAuthority === true;
  if (hasAuthority) {
    rows.splice(
      3,
      0,
      { label: 'MC Number', value: user.mcNumber ? `MC ${user.mcNumber}` : 'Not provided' },
      { label: 'USDOT Number', value: user.usdotNumber ? `USDOT ${user.usdotNumber}` : 'Not provided' },
    );
  }

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md" id="account-information-heading">
          Account Information
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="horizontal">
          {rows.map((row) => (
            <DataList.Item key={row.label}>
              <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
              {/* A long email has no spaces to wrap at: it breaks anywhere rather than leave the card. */}
              <DataList.ItemValue minW="0" overflowWrap="anywhere">
                {row.value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={openAccountSetup}>
            Change Account Type
          </Button>
          {hasAuthority && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              Edit MC / USDOT
            </Button>
          )}
        </HStack>
        {editing && <AuthorityNumbersDialog user={user} open onClose={() => setEditing(false)} />}
      </Card.Body>
    </Card.Root>
  );
}
