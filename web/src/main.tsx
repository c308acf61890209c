// First: configures zod before @freight/shared's schemas load (keeps the CSP console clean).
import './lib/zodJitless';
import './font.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './features/mobile/pwa';
import { installSocketRoutes } from './stores/socketRoutes';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

installSocketRoutes();
registerServiceWorker();
