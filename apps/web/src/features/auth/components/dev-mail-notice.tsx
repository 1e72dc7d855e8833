import { useSiteConfig } from '@/lib/site-config.ts';

/**
 * When the server has no mail server configured it keeps mail in its outbox and says so in
 * /api/config; this points a newcomer there. The page is the server's, so this is a plain <a>.
 */
export function DevMailNotice() {
  const { dev_mail_url } = useSiteConfig();
  if (!dev_mail_url) return null;
  return (
    <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      No mail server is set up on this installation: e-mails are kept in the{' '}
      <a href={dev_mail_url} className="font-semibold underline">
        server&apos;s outbox
      </a>
      .
    </p>
  );
}
