import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useConfigStore } from '../../stores/config';
import { useSessionStore } from '../../stores/session';
import { EmailVerificationBanner } from '../account/EmailVerificationBanner';
import { AppRoutes } from './AppRoutes';
import { NavBar } from './NavBar';
import { PublicNavBar } from './PublicNavBar';

/**
 * Loads the session and the public config, then shows the top bar and the routed screen: the navigation bar signed in,
 * a bar with Sign In on the public pages signed out (the landing page at / has its own).
 */
export function AppShell() {
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const loadSession = useSessionStore((s) => s.load);
  const { pathname } = useLocation();
  const configStatus = useConfigStore((s) => s.status);
  const loadConfig = useConfigStore((s) => s.load);

  useEffect(() => {
    void loadSession();
    void loadConfig();
  }, [loadSession, loadConfig]);

  if (status === 'loading' || configStatus === 'loading') return <FullScreenSpinner />;

  const signedIn = status === 'signedIn' && user !== null;
  const onLanding = !signedIn && pathname === '/';
  return (
    <Box minH="100vh" bg={signedIn ? 'gray.50' : undefined}>
      {signedIn ? <NavBar user={user} /> : !onLanding && <PublicNavBar />}
      <Box as={onLanding ? 'div' : 'main'}>
        {signedIn && <EmailVerificationBanner user={user} />}
        <AppRoutes signedIn={signedIn} />
      </Box>
    </Box>
  );
}
