import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useConfigStore } from '../../stores/config';
import { useSessionStore } from '../../stores/session';
import { AppRoutes } from './AppRoutes';
import { NavBar } from './NavBar';

/** Loads the session and the public config, then shows the nav bar (signed in) and the routed screen. */
export function AppShell() {
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const loadSession = useSessionStore((s) => s.load);
  const configStatus = useConfigStore((s) => s.status);
  const loadConfig = useConfigStore((s) => s.load);

  useEffect(() => {
    void loadSession();
    void loadConfig();
  }, [loadSession, loadConfig]);

  if (status === 'loading' || configStatus === 'loading') return <FullScreenSpinner />;

  const signedIn = status === 'signedIn' && user !== null;
  return (
    <Box minH="100vh" bg={signedIn ? 'gray.50' : undefined}>
      {signedIn && <NavBar user={user} />}
      <Box as={signedIn ? 'main' : 'div'}>
        <AppRoutes signedIn={signedIn} />
      </Box>
    </Box>
  );
}
