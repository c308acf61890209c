import { Dialog, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog, FormDialogFooter } from './FormDialog';

/** What a destructive or binding action asks before it runs. */
export interface Confirmation {
  /** The question, e.g. 'Remove this load?'. */
  title: string;
  /** What happens, and whether it can be undone. */
  body: ReactNode;
  /** The confirming button's text (the action's own name: 'Remove', 'Reject'...). */
  confirmLabel: string;
  /** The button that keeps things as they are; 'Cancel' unless given. */
  keepLabel?: string;
  /**
   * 'destructive' (red, the default): something is removed, rejected or given up. 'commit' (the primary colour): a
   * step that binds but destroys nothing (a payment marked, quick pay requested, a dock pinned).
   */
  tone?: 'destructive' | 'commit';
  onConfirm: () => void;
}

/**
 * Confirms destructive and binding actions: `confirm(...)` opens the dialog, and the action runs only on its
 * confirming button (red for a destructive one). Render `dialog` once in the component.
 */
export function useConfirm() {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const close = () => setAsked(null);
  const dialog = (
    <FormDialog title={asked?.title ?? ''} open={asked !== null} onClose={close} placement="center">
      {asked && (
        <>
          <Dialog.Body>
            <Text>{asked.body}</Text>
          </Dialog.Body>
          <FormDialogFooter
            onCancel={close}
            cancelLabel={asked.keepLabel}
            submitLabel={asked.confirmLabel}
            colorPalette={asked.tone === 'commit' ? 'blue' : 'red'}
            onSubmit={() => {
              close();
              asked.onConfirm();
            }}
          />
        </>
      )}
    </FormDialog>
  );
  return { confirm: setAsked, dialog };
}
