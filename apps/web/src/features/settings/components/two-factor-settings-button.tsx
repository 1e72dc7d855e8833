import { Suspense, lazy, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

const SettingsDialog = lazy(() => import('./settings-dialog.tsx').then((m) => ({ default: m.SettingsDialog })));

/**
 * A button that opens Settings on the Two-factor authentication tab, for the admin area (an admin
 * who must set it up, the super admin's Security tab). `openAtOnce` opens it on first show too.
 */
export function TwoFactorSettingsButton({ children, openAtOnce = false, ...button }: ButtonProps & { openAtOnce?: boolean }) {
  const [open, setOpen] = useState(openAtOnce);
  const [loaded, setLoaded] = useState(openAtOnce);
  return (
    <>
      <Button
        type="button"
        {...button}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <SettingsDialog open={open} onOpenChange={setOpen} initialTab="two-factor" />
        </Suspense>
      ) : null}
    </>
  );
}
