import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

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

/**
 * Mounted with the first toast (issue 24): the toast group subscribes to its store with a synchronous render on
 * mount, which on a phone's first screen forced the rest of the start-up render through at once. It shows the
 * toasts already created when it mounts.
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getCount() > 0) setNeeded(true);
    else return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
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
