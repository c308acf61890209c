import { Badge, Button, Card, DataList, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { USER_TYPE_LABELS, documentTypesFor } from '@freight/shared';
import { formatUsDate } from '../../lib/dates';
import type { DashboardSectionProps } from './dashboardSectionProps';

/** Verified, or Pending while documents are outstanding; a type that needs none is not waiting on anything. */
function verificationBadge(user: DashboardSectionProps['user']): { label: string; color: string } {
  if (user.isVerified) return { label: 'Verified', color: 'green' };
  if (documentTypesFor(user.userType).length === 0) return { label: 'No documents required', color: 'gray' };
  return { label: 'Pending', color: 'yellow' };
}

export function AccountInformationCard({ user, openAccountSetup }: DashboardSectionProps) {
  const verification = verificationBadge(user);
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
              <DataList.ItemValue>{row.value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Button variant="outline" alignSelf="flex-start" onClick={openAccountSetup}>
          Change Account Type
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
