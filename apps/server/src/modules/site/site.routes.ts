import type { FastifyInstance } from 'fastify';

/**
 * What the pages need to know about the association: its name and the footer's contact details;
 * and, while mail stays in the outbox (no SMTP_URL, not production), where to read it, so the
 * sign-up screens can point a newcomer to their first-password link.
 */
export async function siteRoutes(app: FastifyInstance) {
  const { associationName, contact, production, smtpUrl } = app.config;
  const devMailUrl = !production && !smtpUrl ? '/dev/mail' : null;
  app.get('/config', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { success: true, association_name: associationName, contact, dev_mail_url: devMailUrl };
  });
}
