import { Box } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { hasSignedInMarker } from '../../lib/earlyRequests';
import { useConfigStore } from '../../stores/config';
import { selectStatus } from '../../lib/resourceStore';
import { useTransitionedStore } from '../../lib/useTransitionedStore';
import { useSessionStore } from '../../stores/session';
import { EmailVerificationBanner } from '../account/EmailVerificationBanner';
import { AuthModals } from '../auth/AuthModals';
import { AppRoutes } from './AppRoutes';
import { NavBar } from './NavBar';
import { PublicNavBar } from './PublicNavBar';
import { SessionUnavailable } from './SessionUnavailable';

type SessionState = ReturnType<typeof useSessionStore.getState>;
const selectUser = (s: SessionState) => s.user;

/**
 * Loads the session and the public config, then shows the top bar and the routed screen: the navigation bar signed in,
 * a bar with Sign In on the public pages signed out (the landing page at / has its own), and the sign-in dialogs. The screen does not wait for
 * the config (its readers show their safe defaults until it answers), and a signed-out browser (no marker cookie)
 * paints at once; start.tsx has started loading the screen's code, for whoever the marker says the visitor is (issue 24).
 */
export function AppShell() {
  // Signing in or the session's answer redraws the whole screen: in a transition, so a phone renders it in slices.
  const status = useTransitionedStore(useSessionStore, selectStatus);
  const shownUser = useTransitionedStore(useSessionStore, selectUser);
  // Once signed in, changes to the user (plan, verification) reach the bar at once, as on the screens that read them.
  const liveUser = useSessionStore(selectUser);
  const user = shownUser && (liveUser ?? shownUser);
  const loadSession = useSessionStore((s) => s.load);
  const retrySession = useCallback(() => void loadSession(), [loadSession]);
  const { pathname } = useLocation();
  const loadConfig = useConfigStore((s) => s.load);

  useEffect(() => {
    // A page taken over from the server came with the session (firstLoads.ts, issue 24).
    if (useSessionStore.getState().status !== 'loaded') void loadSession();
    void loadConfig();
  }, [loadSession, loadConfig]);

  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'failed' && hasSignedInMarker()) return <SessionUnavailable onRetry={retrySession} />;

  const signedIn = status === 'loaded' && user !== null;
  const onLanding = !signedIn && pathname === '/';
  return (
    <Box minH="100vh" bg={signedIn ? 'gray.50' : undefined}>
      {signedIn ? <NavBar user={user} /> : !onLanding && <PublicNavBar />}
      <Box as={onLanding ? 'div' : 'main'}>
        {signedIn && <EmailVerificationBanner user={user} />}
        <AppRoutes signedIn={signedIn} />
      </Box>
      {/* Signed out, sign-in and registration open on any page, over it (issue 23). */}
      {!signedIn && <AuthModals />}
    </Box>
  );
}
