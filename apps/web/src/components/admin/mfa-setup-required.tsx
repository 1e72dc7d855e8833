import { MFA_MSG } from '@aesa/shared/mfa';
import { TwoFactorSettingsButton } from '@/features/settings/components/two-factor-settings-button.tsx';

/**
 * Shown in place of any admin screen while admins must have two-factor authentication and this
 * one has not set it up (the server answers every admin call with 403 meanwhile). It opens the
 * setup in Settings at once, and again with the button.
 */
export function MfaSetupRequired() {
  return (
    <section aria-labelledby="mfa-required-title" className="rounded-2xl border border-amber-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <svg viewBox="0 0 24 24" className="mx-auto size-10 text-amber-700" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
        <path d="M12 8v5M12 16h.01" />
      </svg>
      <h2 id="mfa-required-title" className="mt-3 text-xl font-bold text-navy-900">
        Two-factor authentication required
      </h2>
      <p className="mt-2 text-slate-700">{MFA_MSG.setupRequired}</p>
      <TwoFactorSettingsButton className="mt-6" openAtOnce>
        Set up two-factor authentication
      </TwoFactorSettingsButton>
    </section>
  );
}
