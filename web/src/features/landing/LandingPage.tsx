import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuthModalStore } from '../auth/authModalStore';
import { AccountTypeCards } from './AccountTypeCards';
import { FeaturesSection } from './FeaturesSection';
import { LandingFooter } from './LandingFooter';
import { LandingHero } from './LandingHero';
import { LandingTopBar } from './LandingTopBar';

/**
 * `/?auth=signin` (where /api/login sends the browser without an OIDC provider) opens the sign-in modal; its
 * `returnTo` (issue 23: the page the session was lost on) is where signing in goes, when it is a path on this site.
 */
function useOpenSignInFromQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const setReturnTo = useAuthModalStore((s) => s.setReturnTo);
  const openForgot = useAuthModalStore((s) => s.openForgot);
  const wanted = searchParams.get('auth');
  const wantsSignIn = wanted === 'signin' || wanted === 'forgot';
  const returnTo = searchParams.get('returnTo');

  useEffect(() => {
    if (!wantsSignIn) return;
    if (wanted === 'forgot') openForgot();
    else {
      setReturnTo(returnTo);
      openLogin();
    }
    setSearchParams(
      (params) => {
        params.delete('auth');
        params.delete('returnTo');
        return params;
      },
      { replace: true },
    );
  }, [wantsSignIn, wanted, returnTo, openLogin, openForgot, setReturnTo, setSearchParams]);
}

export function LandingPage() {
  useOpenSignInFromQuery();
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <LandingTopBar />
      <Box as="main" flex="1">
        <LandingHero />
        <AccountTypeCards />
        <FeaturesSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
