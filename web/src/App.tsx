import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from './components/ui/toaster';
import { AppShell } from './features/layout/AppShell';
import { system } from './theme';

export function App() {
  return (
    <ChakraProvider value={system}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
      <Toaster />
    </ChakraProvider>
  );
}
