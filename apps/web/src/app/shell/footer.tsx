import { APPROVED_SESSION } from '@aesa/shared/constants';
import { Link } from 'react-router';
import { LogoMark } from '@/components/icons/logo.tsx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from '@/components/icons/social-icons.tsx';
import { paths } from '@/config/paths.ts';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form.tsx';
import type { SiteConfig } from '@/lib/site-config.ts';
import { formatYear } from '@/lib/format-date.ts';
import { drawnAt } from '@/lib/drawn-at.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';

const QUICK_LINKS = [
  { label: 'Home', to: paths.home.href() },
  { label: 'About Us', to: paths.about.href() },
  { label: 'Events', to: paths.events.href() },
  { label: 'Meet Our Members', to: paths.members.href() },
  { label: 'Elections', to: paths.elections.href() },
  { label: 'AeroIntel', to: paths.aerointel.href() },
];

// The spec's social icons link nowhere: they are shown, not offered as links.
const SOCIALS = [
  { label: 'LinkedIn', Icon: LinkedInIcon },
  { label: 'X (Twitter)', Icon: XIcon },
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'YouTube', Icon: YouTubeIcon },
];

const NOT_PUBLISHED = 'To be announced';

export function Footer({ config }: { config: SiteConfig }) {
  const { association_name: name, contact } = config;
  // A prerendered footer carries the year it was drawn in; the browser's clock takes over after hydration.
  const today = useHydrated() ? new Date() : drawnAt();
  return (
    <footer className="bg-navy-950 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2.5 text-lg font-bold text-white">
            <LogoMark />
            {name}
          </div>
          <p className="mt-3 max-w-md text-sm text-slate-300">
            The Aerospace Engineering Students&apos; Association: connecting students and alumni through projects,
            industry visits, webinars and conferences. Officially approved in the {APPROVED_SESSION} academic session.
          </p>
          <div className="mt-6 max-w-md">
            <NewsletterForm />
          </div>
        </div>

        <nav aria-label="Quick links">
          <h2 className="text-base font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-300 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-base font-semibold text-white">Contact Us</h2>
          <address className="mt-3 space-y-2 text-sm text-slate-300 not-italic">
            <p>
              <span className="font-semibold text-slate-100">Email: </span>
              {contact.email ? (
                <a href={`mailto:${contact.email}`} className="break-all hover:text-white hover:underline">
                  {contact.email}
                </a>
              ) : (
                NOT_PUBLISHED
              )}
            </p>
            <p>
              <span className="font-semibold text-slate-100">Phone: </span>
              {contact.phone ? (
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white hover:underline">
                  {contact.phone}
                </a>
              ) : (
                NOT_PUBLISHED
              )}
            </p>
            <p>
              <span className="font-semibold text-slate-100">Address: </span>
              {contact.address || NOT_PUBLISHED}
            </p>
          </address>
          <h2 className="mt-6 text-base font-semibold text-white">Follow Us</h2>
          <ul className="mt-3 flex gap-2" aria-label="Social media">
            {SOCIALS.map(({ label, Icon }) => (
              <li key={label}>
                <span
                  role="img"
                  aria-label={label}
                  title={label}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-slate-100"
                >
                  <Icon />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-4 text-xs text-slate-300 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {formatYear(today, { locale: config.locale, timeZone: config.time_zone })} {name}. All rights reserved.
          </p>
          <p className="flex gap-4">
            <Link to={paths.terms.href()} className="hover:text-white hover:underline">
              Terms of Use
            </Link>
            <Link to={paths.privacy.href()} className="hover:text-white hover:underline">
              Privacy Policy
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
