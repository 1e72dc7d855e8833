import type { ComponentType } from 'react';
import type { ProfileData } from '../../api/get-profile.ts';
import { MailIcon, PhoneIcon } from '../profile-icons.tsx';
import type { ProfileMode } from './profile-mode.ts';
import { Section } from './section.tsx';

/**
 * E-mail and phone as links. The owner is told what is missing and who sees each; other members
 * see what the owner shares with signed-in members, and "not public" for the rest.
 */
export function ContactSection({ profile, mode, onEdit }: { profile: ProfileData; mode: ProfileMode; onEdit?: () => void }) {
  const email = profile.email?.trim();
  const phone = profile.phone_number?.trim();
  const own = mode === 'own';
  const seenBy = (shown: boolean | undefined) => (shown ? 'Visible to signed-in members' : 'Only you can see this');
  return (
    <Section title="Contact Info" editLabel="Edit contact info" onEdit={onEdit}>
      <dl className="space-y-3">
        <ContactLine
          Icon={MailIcon}
          label="Email"
          value={email}
          href={email ? `mailto:${email}` : null}
          missing={own ? 'No email provided' : 'Email not public'}
          note={own && email ? seenBy(profile.show_email) : undefined}
        />
        <ContactLine
          Icon={PhoneIcon}
          label="Phone"
          value={phone}
          href={phone ? `tel:${phone.replace(/[^+\d]/g, '')}` : null}
          missing={own ? 'No phone provided' : 'Phone not public'}
          note={own && phone ? seenBy(profile.show_phone) : undefined}
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
  note,
}: {
  Icon: ComponentType;
  label: string;
  value: string | undefined;
  href: string | null;
  missing: string;
  /** Who sees it (the owner's view). */
  note?: string;
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
        {note ? <span className="block text-sm text-slate-600">{note}</span> : null}
      </dd>
    </div>
  );
}
