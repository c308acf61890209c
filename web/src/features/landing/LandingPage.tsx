import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuthModals } from '../auth/AuthModals';
import { useAuthModalStore } from '../auth/authModalStore';
import { AccountTypeCards } from './AccountTypeCards';
import { FeaturesSection } from './FeaturesSection';
import { LandingFooter } from './LandingFooter';
import { LandingHero } from './LandingHero';
import { LandingTopBar } from './LandingTopBar';

/** `/?auth=signin` (where /api/login sends the browser without an OIDC provider) opens the sign-in modal. */
function useOpenSignInFromQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openLogin = useAuthModalStore((s) => s.openLogin);
  const openForgot = useAuthModalStore((s) => s.openForgot);
  const wanted = searchParams.get('auth');
  const wantsSignIn = wanted === 'signin' || wanted === 'forgot';

  useEffect(() => {
    if (!wantsSignIn) return;
    if (wanted === 'forgot') openForgot();
    else openLogin();
    setSearchParams(
      (params) => {
        params.delete('auth');
        return params;
      },
      { replace: true },
    );
  }, [wantsSignIn, wanted, openLogin, openForgot, setSearchParams]);
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
      <AuthModals />
    </Box>
  );
}
