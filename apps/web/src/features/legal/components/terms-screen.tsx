import { ContentLayout } from '@/components/layouts/content-layout.tsx';
import { useSiteConfig } from '@/lib/site-config.ts';
import { LegalSection } from './legal-section.tsx';

export function TermsScreen() {
  const { association_name: name } = useSiteConfig();
  return (
    <ContentLayout title="Terms of Use">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <LegalSection heading="Who may register">
          <p>
            The {name} Portal is for students and alumni of the aerospace engineering department. Register with
            your own e-mail address and your own matric number; one account per person.
          </p>
        </LegalSection>
        <LegalSection heading="Your account">
          <p>
            Keep your password to yourself. You are responsible for what is done with your account. Tell the
            association&apos;s executives if you think someone else has used it.
          </p>
        </LegalSection>
        <LegalSection heading="Your profile">
          <p>
            What you put on your public profile is visible to visitors of the site. Do not publish anything that
            is not yours to share, or that is offensive or misleading.
          </p>
        </LegalSection>
        <LegalSection heading="Elections">
          <p>
            Votes are final once cast. Only eligible members may vote, following the rules published on the
            elections page.
          </p>
        </LegalSection>
        <LegalSection heading="Changes">
          <p>The association may update these terms; the current version is always on this page.</p>
        </LegalSection>
      </div>
    </ContentLayout>
  );
}
