import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { SessionsTab } from './sessions-tab.tsx';

// Finance: the payments of dues (proofs waiting for a decision, approved, rejected and voided
// payments, the session's figures, a payment received at the desk) and the academic sessions with
// their dues; for the treasurer and the financial secretary (finance admins) and super admins.
export function FinanceScreen() {
  return (
    <ModuleTabs
      label="Finance sections"
      items={[
        { value: 'payments', label: 'Payments', content: <PaymentsTab /> },
        { value: 'sessions', label: 'Sessions', content: <SessionsTab /> },
      ]}
    />
  );
}
