import { ChakraProvider } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from './components/ui/toaster';
import { AppShell } from './features/layout/AppShell';
import { providedSystem } from './theme';

/** `Router`: the browser's address, or a fixed page for the prerender at build time (prerender.tsx). */
export function App({ Router = BrowserRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <ChakraProvider value={providedSystem()}>
      <Router>
        <AppShell />
      </Router>
      <Toaster />
    </ChakraProvider>
  );
}
