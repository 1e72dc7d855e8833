import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

// The app's own confirm and notice, in place of the browser's `confirm` and `alert`: accessible
// dialogs (focus moves in, Escape answers, screen readers announce them) that do not freeze the
// page. `confirm` resolves true on OK, false on Cancel or Escape; questions asked while one is
// open wait their turn.

interface Question {
  kind: 'confirm' | 'notice';
  text: string;
  answer: (ok: boolean) => void;
}

interface AppDialogs {
  confirm(text: string): Promise<boolean>;
  /** Resolves once the notice is closed (callers may ignore it). */
  notify(text: string): Promise<void>;
}

const AppDialogsContext = createContext<AppDialogs | null>(null);

export function AppDialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Question[]>([]);
  const ask = useCallback((kind: Question['kind'], text: string) => new Promise<boolean>((answer) => setQueue((q) => [...q, { kind, text, answer }])), []);
  const dialogs = useMemo<AppDialogs>(() => ({ confirm: (text) => ask('confirm', text), notify: (text) => ask('notice', text).then(() => undefined) }), [ask]);
  const current = queue[0];
  const settle = (ok: boolean) => {
    current?.answer(ok);
    setQueue((q) => q.slice(1));
  };
  return (
    <AppDialogsContext.Provider value={dialogs}>
      {children}
      {current ? (
        <ConfirmDialog
          open
          marker={current.kind}
          title={current.kind === 'confirm' ? 'Please confirm' : 'Notice'}
          message={current.text}
          confirmLabel="OK"
          {...(current.kind === 'confirm' ? { cancelLabel: 'Cancel' } : {})}
          onConfirm={() => settle(true)}
          onCancel={() => settle(false)}
        />
      ) : null}
    </AppDialogsContext.Provider>
  );
}

export function useAppDialogs(): AppDialogs {
  const dialogs = useContext(AppDialogsContext);
  if (!dialogs) throw new Error('useAppDialogs needs an AppDialogsProvider above it');
  return dialogs;
}
