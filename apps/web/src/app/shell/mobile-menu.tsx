import { Suspense, lazy, useState } from 'react';
import type { MobileMenuSheetProps } from './mobile-menu-sheet.tsx';

// The sheet (and the dialog library under it) loads on first use; hovering or focusing the
// button starts the download early so the menu opens without a visible wait.
const loadSheet = () => import('./mobile-menu-sheet.tsx');
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

export function MobileMenu(props: Omit<MobileMenuSheetProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        data-menu-trigger
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="-mr-2 flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 lg:hidden"
      >
        <span className="sr-only">Open menu</span>
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
