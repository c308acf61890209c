import { Container, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useSessionStore } from '../../stores/session';
import { AccountSetupForm } from './AccountSetupForm';
import type { SetUpUser } from './dashboardSectionProps';
import { dashboardSections } from './sections';

export function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  const [changingAccountType, setChangingAccountType] = useState(false);

  if (status === 'loading' || !user) return <FullScreenSpinner />;

  if (!user.userType) {
    return (
      <Container maxW="7xl" py="10">
        <AccountSetupForm user={user} />
      </Container>
    );
  }

  if (changingAccountType) {
    return (
      <Container maxW="7xl" py="10">
        <AccountSetupForm user={user} onCancel={() => setChangingAccountType(false)} />
      </Container>
    );
  }

  const setUpUser = user as SetUpUser;
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        {dashboardSections.map((Section, index) => (
          <Section key={index} user={setUpUser} openAccountSetup={() => setChangingAccountType(true)} />
        ))}
      </Stack>
    </Container>
  );
}
