import { Container, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Redirect } from '../../components/Redirect';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useSessionStore } from '../../stores/session';
import { AccountSetupForm } from './AccountSetupForm';
import type { SetUpUser } from './dashboardSectionProps';
import { dashboardSections } from './sections';
import { useProgressiveCount } from '../../lib/useProgressiveCount';

/**
 * The sections that can show on a phone's first screen (several render nothing for a given account type): drawn at
 * once, so the largest of them paints with the first commit; the rest (usage, parcels, links, account) follow.
 */
const FIRST_SECTIONS = 7;

export function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  const [changingAccountType, setChangingAccountType] = useState(false);
  // The sections at the top at once, the rest one per task after they have painted (issue 24).
  const shownSections = useProgressiveCount(dashboardSections.length, FIRST_SECTIONS, 1);

  if (status === 'loading' || !user) return <FullScreenSpinner />;
  // A company's driver (issue 29): the app opens on their trips.
  if (user.company?.role === 'driver') return <Redirect to="/trips" />;

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
        {dashboardSections.slice(0, shownSections).map((Section, index) => (
          <Section key={index} user={setUpUser} openAccountSetup={() => setChangingAccountType(true)} />
        ))}
      </Stack>
    </Container>
  );
}
