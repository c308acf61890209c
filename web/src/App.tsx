import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from './components/ui/toaster';
import { AppShell } from './features/layout/AppShell';

export function App() {
  return (
    <ChakraProvider value={defaultSystem}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
      <Toaster />
    </ChakraProvider>
  );
}
