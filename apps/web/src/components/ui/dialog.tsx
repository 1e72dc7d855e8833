import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { CloseIcon } from '@/components/icons/action-icons.tsx';

// A centred modal on Radix Dialog: focus trap, Escape, focus return and aria wiring come with it.

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
  role,
  onOpenAutoFocus,
  scrollFocusable = false,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes on close, when the element that opened the dialog is gone (a menu item). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Where focus goes on open (default: the first focusable element). */
  onOpenAutoFocus?: (event: Event) => void;
  /** 'alertdialog' for a message that interrupts (an error the member must acknowledge). */
  role?: 'dialog' | 'alertdialog';
  /**
   * For a body with nothing to focus (a read-only list): the body itself takes focus, so that a
   * keyboard can scroll it when it overflows.
   */
  scrollFocusable?: boolean;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-slate-950/60" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'animate-fade-in flex-col overflow-hidden rounded-2xl bg-white shadow-2xl',
          className,
        )}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={onOpenAutoFocus}
        {...(role ? { role } : {})}
        // Closing a flash message is not a click outside the dialog. The check runs after the
        // click, when the message may already be gone: its own root is still an ancestor.
        onInteractOutside={(event) => {
          if ((event.target as Element | null)?.closest?.('[data-flash], [data-flash-viewport]')) event.preventDefault();
        }}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="border-b border-slate-200 py-4 pr-14 pl-5">
          <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : null}
        </div>
        <div className="overflow-y-auto px-5 py-4" {...(scrollFocusable ? { tabIndex: 0 } : {})}>
          {children}
        </div>
        {/* Last in the tab order, so that opening the dialog focuses its first field, not "Close". */}
        <RadixDialog.Close
          data-dialog-close=""
          aria-label="Close"
          className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon className="size-5" strokeWidth="2" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
