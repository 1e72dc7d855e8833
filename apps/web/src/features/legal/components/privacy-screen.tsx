import { ContentLayout } from '@/components/layouts/content-layout.tsx';
import { useSiteConfig } from '@/lib/site-config.ts';
import { LegalSection } from './legal-section.tsx';

export function PrivacyScreen() {
  const { association_name: name } = useSiteConfig();
  return (
    <ContentLayout title="Privacy Policy">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <LegalSection heading="What we keep">
          <p>
            Your e-mail address, matric number and name, a hash of your password (never the password itself), and
            whatever you add to your profile: bio, skills, contact details, links, projects, achievements,
            volunteer activities and images.
          </p>
        </LegalSection>
        <LegalSection heading="Who sees it">
          <p>
            Your public profile is visible to everyone. Items you mark private are shown only to you. Your ballot
            is recorded so that you cannot vote twice; results only show totals.
          </p>
        </LegalSection>
        <LegalSection heading="E-mail">
          <p>
            {name} sends you e-mail about your account (passwords, e-mail address changes, payment receipts), which
            always goes, and announcements, event reminders and election notices, each of which you can turn off in
            Settings → Notifications or with the unsubscribe link at the end of every such e-mail. The newsletter is
            separate and optional: an address gets it only once its owner has confirmed the subscription from the
            e-mailed link, and every newsletter carries a link to unsubscribe.
          </p>
        </LegalSection>
        <LegalSection heading="Your choices">
          <p>
            You can change your profile at any time. To have your account removed, contact the association using
            the details at the bottom of this page.
          </p>
        </LegalSection>
        <LegalSection heading="Storage on your device">
          <p>
            The site keeps your sign-in token and basic account details in your browser&apos;s local storage for
            24 hours, and no tracking cookies.
          </p>
        </LegalSection>
      </div>
    </ContentLayout>
  );
}
