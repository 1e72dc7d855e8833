import { Button } from '@/components/ui/button.tsx';
import { Section } from './section.tsx';

/** The owner's way to change their password from the profile (the same form as the settings tab). */
export function PasswordSection({ onChange }: { onChange: () => void }) {
  return (
    <Section title="Password">
      <p className="text-slate-700">Change the password you sign in with.</p>
      <Button variant="outline" className="mt-3" onClick={onChange}>
        Change Password
      </Button>
    </Section>
  );
}
