import { type RefObject, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn.ts';
import { type FlashType, dismissFlash, dismissFlashesBefore, getFlashes, subscribeFlashes } from '@/lib/flash.ts';
import { CloseIcon } from '@/components/icons/action-icons.tsx';
import { FLASH_TOP, flashTop } from './flash-placement.ts';

/** Marks the close button of a dialog or sheet (data-dialog-close): flash messages never cover it. */
const DIALOG_CLOSE = '[data-dialog-close]';

/**
 * The flash messages' top edge, kept below any open dialog's close button in their column. Radix
 * mounts dialogs as children of <body>, so watching those (and the window's size) is enough.
 */
function useFlashTop(viewport: RefObject<HTMLElement | null>, active: boolean): number {
  const [top, setTop] = useState(FLASH_TOP);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      // After the dialog's own layout (its opening animation moves it).
      frame = requestAnimationFrame(() => {
        const el = viewport.current;
        if (!el) return;
        const buttons = [...document.querySelectorAll(DIALOG_CLOSE)].map((b) => b.getBoundingClientRect());
        setTop(flashTop(el.getBoundingClientRect(), buttons));
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true });
    window.addEventListener('resize', measure);
    const settle = setTimeout(measure, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [viewport, active]);
  return top;
}

const OPEN_DIALOG = '[role="dialog"],[role="alertdialog"]';

/**
 * Dismisses the flash messages that were on screen before the member opened a dialog: they were
 * about the page under it (a failure there is out of date once the member moves on), and on a
 * phone they would sit over the dialog's first field. A message the same action raised (a save's
 * toast with its "saved" dialog) and those raised while the dialog is open stay.
 */
function useDismissWhenDialogOpens() {
  useEffect(() => {
    // The member's last press or key: what opened the dialog, if they did.
    let lastAction = 0;
    const acted = () => {
      lastAction = Date.now();
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    let open = document.querySelectorAll(OPEN_DIALOG).length;
    const observer = new MutationObserver(() => {
      const now = document.querySelectorAll(OPEN_DIALOG).length;
      if (now > open) dismissFlashesBefore(lastAction);
      open = now;
    });
    // Radix mounts each dialog as a child of <body>.
    observer.observe(document.body, { childList: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
    };
  }, []);
}

const STYLES: Record<FlashType, { box: string; label: string }> = {
  success: { box: 'border-green-700 bg-green-50 text-green-900', label: 'Success' },
  error: { box: 'border-red-700 bg-red-50 text-red-900', label: 'Error' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-900', label: 'Warning' },
  info: { box: 'border-brand-600 bg-sky-50 text-sky-900', label: 'Information' },
};

function FlashIcon({ type }: { type: FlashType }) {
  const path =
    type === 'success'
      ? 'M5 13l4 4L19 7'
      : type === 'info'
        ? 'M12 16v-4m0-4h.01'
        : 'M12 8v4m0 4h.01';
  return (
    <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      {type === 'success' ? null : <circle cx="12" cy="12" r="10" strokeWidth="2" />}
      <path d={path} strokeLinecap="round" />
    </svg>
  );
}

/** Flash messages, top-right, each with a close button. */
export function FlashViewport() {
  const flashes = useSyncExternalStore(subscribeFlashes, getFlashes, getFlashes);
  const viewport = useRef<HTMLElement>(null);
  const top = useFlashTop(viewport, flashes.length > 0);
  useDismissWhenDialogOpens();
  return (
    <section
      ref={viewport}
      data-flash-viewport
      aria-label="Notifications"
      style={{ top }}
      className="pointer-events-none fixed right-3 left-3 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
    >
      {/*
        Two live regions: errors and warnings interrupt, the rest waits its turn. The explicit
        aria-live keeps them announced while a modal dialog hides the rest of the page.
      */}
      <div role="alert" aria-live="assertive" className="flex w-full flex-col items-end gap-2">
        {flashes
          .filter((f) => f.type === 'error' || f.type === 'warning')
          .map((f) => (
            <FlashItem key={f.id} id={f.id} type={f.type} message={f.message} />
          ))}
      </div>
      <div role="status" aria-live="polite" className="flex w-full flex-col items-end gap-2">
        {flashes
          .filter((f) => f.type === 'success' || f.type === 'info')
          .map((f) => (
            <FlashItem key={f.id} id={f.id} type={f.type} message={f.message} />
          ))}
      </div>
    </section>
  );
}

function FlashItem({ id, type, message }: { id: number; type: FlashType; message: string }) {
  const style = STYLES[type];
  return (
    <div
      data-flash={type}
      className={cn(
        'pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-xl border-l-4 px-4 py-3 shadow-lg',
        style.box,
      )}
    >
      <FlashIcon type={type} />
      <p className="flex-1 text-sm font-medium">
        <span className="sr-only">{style.label}: </span>
        {message}
      </p>
      <button
        type="button"
        onClick={() => dismissFlash(id)}
        aria-label="Close notification"
        className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-md opacity-80 hover:bg-black/5 hover:opacity-100"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
