import { type ReactNode, createContext, useContext, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';

const SAVED_MESSAGE = 'Your changes have been saved!';

/** Asks to close the editor: straight away, or through "Discard changes" when something changed. */
const RequestCloseContext = createContext<() => void>(() => {});
export const useRequestClose = () => useContext(RequestCloseContext);

/**
 * An edit dialog that knows whether anything changed: closing it with unsaved
 * changes asks "Discard changes" first; once saved, "Your changes have been saved!" shows, and
 * closing that closes the editor.
 */
export function EditorDialog({
  title,
  description,
  dirty,
  saved,
  busy = false,
  onClose,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** True while the form differs from what it opened with. */
  dirty: boolean;
  /** True once a save went through: the saved notice is open. */
  saved: boolean;
  /** True while a save or upload runs: the editor cannot be closed then. */
  busy?: boolean;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const [askDiscard, setAskDiscard] = useState(false);

  const requestClose = () => {
    if (busy) return;
    if (dirty && !saved) setAskDiscard(true);
    else onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent title={title} description={description} className={className}>
        <RequestCloseContext value={requestClose}>{children}</RequestCloseContext>
        <DiscardDialog open={askDiscard} onDiscard={onClose} onClose={() => setAskDiscard(false)} />
        <ConfirmDialog open={saved} title={SAVED_MESSAGE} confirmLabel="Close" onConfirm={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** "Discard changes": asked before unsaved changes are left behind. */
export function DiscardDialog({ open, onDiscard, onClose }: { open: boolean; onDiscard: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard changes"
      message="Are you sure you want to discard the changes you made?"
      confirmLabel="Discard"
      confirmVariant="danger"
      cancelLabel="No thanks"
      onConfirm={() => {
        onClose();
        onDiscard();
      }}
      onCancel={onClose}
    />
  );
}

/** The Cancel / Save row at the bottom of an editor form; Cancel closes the editor unless told otherwise. */
export function EditorActions({
  onCancel,
  busy,
  busyLabel = 'Saving...',
  label = 'Save Changes',
  disabled = false,
  cancelLabel = 'Cancel',
}: {
  onCancel?: () => void;
  busy: boolean;
  busyLabel?: string;
  label?: string;
  disabled?: boolean;
  cancelLabel?: string;
}) {
  const requestClose = useRequestClose();
  return (
    <FormActions
      className="mt-6 border-t border-slate-200 pt-4"
      label={label}
      busy={busy}
      busyLabel={busyLabel}
      disabled={disabled}
      onCancel={onCancel ?? requestClose}
      cancelLabel={cancelLabel}
      cancelDisabled={busy}
    />
  );
}
