import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** SPEC §9: one toast visible at a time. */
export const toaster = createToaster({ placement: 'top-end', max: 1, pauseOnPageIdle: true });

export type NotifyType = 'success' | 'error' | 'info' | 'warning';

export interface NotifyOptions {
  title: string;
  description?: string;
  type?: NotifyType;
}

/** Shows one toast; a newer toast replaces the one on screen (SPEC §4: one visible at a time). */
export function notify({ title, description, type = 'info' }: NotifyOptions): void {
  toaster.remove();
  toaster.create({ title, description, type, closable: true });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
