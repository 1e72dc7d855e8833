import type { ProfileData } from '../../api/get-profile.ts';
import { safeHref } from '../../lib/format.ts';
import { PLATFORMS, platformKey } from '../social-platforms.ts';
import { Section } from './section.tsx';

/** One round button per platform: a link when the member added it, greyed out otherwise. */
export function SocialSection({ profile, onEdit }: { profile: ProfileData; onEdit?: () => void }) {
  const links = new Map(profile.user_social_links.map((l) => [platformKey(l.platform_name), l.profile_url]));
  return (
    <Section title="Social Links" editLabel="Edit social links" onEdit={onEdit}>
      <ul className="flex flex-wrap gap-2">
        {PLATFORMS.map(({ key, label, Icon }) => {
          const href = safeHref(links.get(key));
          return (
            <li key={key}>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                  title={label}
                  className="flex size-11 items-center justify-center rounded-full bg-navy-900 text-white hover:bg-brand-700"
                >
                  <Icon />
                </a>
              ) : (
                <span title={`${label}: not added`} className="flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                  <Icon />
                  <span className="sr-only">{label}: not added</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
