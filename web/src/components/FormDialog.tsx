import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormDialogProps extends Pick<Dialog.RootProps, 'placement' | 'size' | 'scrollBehavior'> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The dialog's body and footer (usually a form component holding the state, or Dialog.Body + FormDialogFooter). */
  children: ReactNode;
  /** A button that opens the dialog (wrapped in Dialog.Trigger). */
  trigger?: ReactNode;
}

/**
 * A `<form>` wrapping Dialog.Body and the footer lays out as if absent, so the body is the content's flex child that
 * scrolls inside and the footer stays in view; the form still owns its fields and its submit button.
 */
const FORM_CHILD_TRANSPARENT = { '& > form': { display: 'contents' } };

/**
 * The dialog frame every form dialog shares: backdrop, titled header and close button. Content mounts on open and
 * unmounts on close, so each opening starts from a fresh form. The body scrolls inside the dialog, which never grows
 * past the window, so the footer's actions stay reachable on a laptop and on a phone.
 */
export function FormDialog({
  title,
  open,
  onClose,
  children,
  trigger,
  scrollBehavior = 'inside',
  ...rootProps
}: FormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      lazyMount
      unmountOnExit
      scrollBehavior={scrollBehavior}
      {...rootProps}
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" css={FORM_CHILD_TRANSPARENT}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface FormDialogFooterProps {
  onCancel: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  /** The primary button's text; without it the footer has the cancel button only. */
  submitLabel?: string;
  /** Shown instead of submitLabel while pending; without it the button shows a spinner. */
  pendingLabel?: string;
  pending?: boolean;
  disabled?: boolean;
  /** Without it the primary button submits the surrounding form. */
  onSubmit?: () => void;
  colorPalette?: 'blue' | 'red';
}

/** The footer of a form dialog: an outline Cancel and the primary action with its pending state. */
export function FormDialogFooter({
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled,
  submitLabel,
  pendingLabel,
  pending = false,
  disabled,
  onSubmit,
  colorPalette = 'blue',
}: FormDialogFooterProps) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {submitLabel && (
        <Button
          type={onSubmit ? 'button' : 'submit'}
          colorPalette={colorPalette}
          onClick={onSubmit}
          disabled={disabled || pending}
          loading={pendingLabel === undefined && pending}
        >
          {pending && pendingLabel !== undefined ? pendingLabel : submitLabel}
        </Button>
      )}
    </Dialog.Footer>
  );
}
