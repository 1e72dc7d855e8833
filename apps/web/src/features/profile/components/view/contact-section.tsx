import type { ComponentType } from 'react';
import type { ProfileData } from '../../api/get-profile.ts';
import { MailIcon, PhoneIcon } from '../profile-icons.tsx';
import type { ProfileMode } from './profile-mode.ts';
import { Section } from './section.tsx';

/** E-mail and phone as links; the owner is told what is missing, others that it is not public. */
export function ContactSection({ profile, mode, onEdit }: { profile: ProfileData; mode: ProfileMode; onEdit?: () => void }) {
  const email = profile.email?.trim();
  const phone = profile.phone_number?.trim();
  return (
    <Section title="Contact Info" editLabel="Edit contact info" onEdit={onEdit}>
      <dl className="space-y-3">
        <ContactLine
          Icon={MailIcon}
          label="Email"
          value={email}
          href={email ? `mailto:${email}` : null}
          missing={mode === 'own' ? 'No email provided' : 'Email not public'}
        />
        <ContactLine
          Icon={PhoneIcon}
          label="Phone"
          value={phone}
          href={phone ? `tel:${phone.replace(/[^+\d]/g, '')}` : null}
          missing={mode === 'own' ? 'No phone provided' : 'Phone not public'}
        />
      </dl>
    </Section>
  );
}

function ContactLine({
  Icon,
  label,
  value,
  href,
  missing,
}: {
  Icon: ComponentType;
  label: string;
  value: string | undefined;
  href: string | null;
  missing: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <dt className="mt-0.5 text-slate-600">
        <Icon />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words text-slate-800">
        {value && href ? (
          <a href={href} className="text-brand-700 underline-offset-2 hover:underline">
            {value}
          </a>
        ) : (
          <span className="text-slate-600">{missing}</span>
        )}
      </dd>
    </div>
  );
}
