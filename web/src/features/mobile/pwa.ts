import { create } from '../../lib/createStore';

/** Chrome's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** The deferred install prompt, when the browser offers one. */
  installPrompt: BeforeInstallPromptEvent | null;
  installed: boolean;
  serviceWorker: 'unsupported' | 'registering' | 'active' | 'failed' | 'off';
}

const standalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

export const usePwaStore = create<PwaState>(() => ({
  installPrompt: null,
  installed: standalone(),
  serviceWorker: 'serviceWorker' in navigator ? 'off' : 'unsupported',
}));

// The prompt fires once, early: keep it for the Mobile demo's Install button.
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  usePwaStore.setState({ installPrompt: event as BeforeInstallPromptEvent });
});
window.addEventListener('appinstalled', () => usePwaStore.setState({ installed: true, installPrompt: null }));

/** Registers /sw.js (production builds only: the dev server serves sources, not the shell it caches). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  usePwaStore.setState({ serviceWorker: 'registering' });
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then(() => usePwaStore.setState({ serviceWorker: 'active' }))
      .catch((err) => {
        console.error('Service worker registration failed', err);
        usePwaStore.setState({ serviceWorker: 'failed' });
      });
  // After the page's load; the app's code starts after the first paint (main.tsx), often once the page has loaded.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
