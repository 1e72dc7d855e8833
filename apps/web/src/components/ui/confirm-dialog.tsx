import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.tsx';

/**
 * A small question that needs an answer before anything else (delete? discard changes?), or a
 * notice with a single button when `cancelLabel` is omitted. It can open over another dialog:
 * Escape and the outside click answer only this one.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  marker,
}: {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  /** Without it the dialog is a notice: its one button and Escape both call onConfirm. */
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  busy?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  /** Names the dialog's kind in `data-app-dialog` (the end-to-end tests read and answer it). */
  marker?: string;
}) {
  const dismiss = cancelLabel ? onCancel : onConfirm;
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && !busy && dismiss?.()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[70] animate-fade-in bg-slate-950/60" />
        <RadixDialog.Content
          role={cancelLabel ? 'alertdialog' : 'dialog'}
          data-app-dialog={marker}
          className="fixed top-1/2 left-1/2 z-[80] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 animate-fade-in rounded-2xl bg-white p-5 shadow-2xl"
          {...(message ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
          {message ? (
            <RadixDialog.Description data-app-dialog-text="" className="mt-2 text-sm break-words text-slate-700">
              {message}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            {cancelLabel ? (
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
            ) : null}
            <Button variant={confirmVariant} onClick={onConfirm} disabled={busy} data-app-dialog-accept="">
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
