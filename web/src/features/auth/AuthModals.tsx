import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lib/lazyComponent';
import { useAuthModalStore } from './authModalStore';

// Not open at first paint: their code (the forms, the password rules) loads when one first opens (issue 24).
const LoginModal = lazyNamed(() => import('./LoginModal'), 'LoginModal');
const RegisterModal = lazyNamed(() => import('./RegisterModal'), 'RegisterModal');
const ForgotPasswordModal = lazyNamed(() => import('./ForgotPasswordModal'), 'ForgotPasswordModal');

/** The auth modals (sign-in, registration, forgotten password); which one is open lives in useAuthModalStore. Mounted from the first opening on. */
export function AuthModals() {
  const view = useAuthModalStore((s) => s.view);
  const [opened, setOpened] = useState(false);
  if (view !== null && !opened) setOpened(true);
  if (!opened && view === null) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
      <RegisterModal />
      <ForgotPasswordModal />
    </Suspense>
  );
}
