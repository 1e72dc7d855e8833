import { Fragment, type ComponentType } from 'react';
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
          // The label keeps the address whole for screen readers, whatever the <wbr>s do to its text.
          <a href={href} aria-label={value} className="text-brand-700 underline-offset-2 hover:underline">
            {label === 'Email' ? <BreakableAddress address={value} /> : value}
          </a>
        ) : (
          <span className="text-slate-600">{missing}</span>
        )}
        {note ? <span className="block text-sm text-slate-600">{note}</span> : null}
      </dd>
    </div>
  );
}

/**
 * An e-mail address that wraps where a reader expects it to, after the @ and before a dot,
 * instead of mid-word (a part longer than the line still breaks anywhere, by break-words).
 */
function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
