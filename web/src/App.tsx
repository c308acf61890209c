import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { Toaster } from './components/ui/toaster';
import { AppShell } from './features/layout/AppShell';
import { system } from './theme';

/** `location`: the page to render at build time (web/prerender.ts); the browser's address otherwise. */
export function App({ location }: { location?: string }) {
  return (
    <ChakraProvider value={system}>
      {location === undefined ? (
        <BrowserRouter>
          <AppShell />
        </BrowserRouter>
      ) : (
        <StaticRouter location={location}>
          <AppShell />
        </StaticRouter>
      )}
      <Toaster />
    </ChakraProvider>
  );
}
