import { Badge, Button, Card, DataList, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { USER_TYPE_LABELS } from '@freight/shared';
import { formatUsDate } from '../../lib/dates';
import type { DashboardSectionProps } from './dashboardSectionProps';

export function AccountInformationCard({ user, openAccountSetup }: DashboardSectionProps) {
  const rows: Array<{ label: string; value: ReactNode }> = [
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phoneNumber || 'Not provided' },
    { label: 'Company', value: user.companyName || 'Not provided' },
    { label: 'Account Type', value: USER_TYPE_LABELS[user.userType] },
    {
      label: 'Verification',
      value: (
        <Badge colorPalette={user.isVerified ? 'green' : 'yellow'}>
          {user.isVerified ? 'Verified' : 'Pending'}
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
