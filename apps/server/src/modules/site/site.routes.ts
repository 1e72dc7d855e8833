import type { FastifyInstance } from 'fastify';
import { devMailboxOn } from '../../config.ts';
import { isDirectLoopback } from '../../lib/direct-loopback.ts';
import { replies } from '@aesa/shared/schemas/envelope';
import { siteConfigResponse } from '@aesa/shared/schemas/site';

/**
 * What the pages need to know about the association: its name and the footer's contact details;
 * and, to the operator's own browser while the dev mailbox is on, where to read the outbox, so
 * the sign-up screens can point a newcomer to their first-password link.
 */
export async function siteRoutes(app: FastifyInstance) {
  const { associationName, contact, locale, timeZone, publicUrl } = app.config;
  const devMail = devMailboxOn(app.config);
  app.get('/config', { config: { access: 'public' }, schema: { operationId: 'getSiteConfig', summary: "The site's public settings (name, locale, time zone)", response: replies(siteConfigResponse) } }, async (request, reply) => {
    // The answer depends on who asks while the dev mailbox is on: no shared cache may keep it.
    reply.header('Cache-Control', devMail ? 'private, no-cache' : 'public, max-age=300');
    const devMailUrl = devMail && isDirectLoopback(request) ? '/dev/mail' : null;
    return { success: true as const, association_name: associationName, contact, locale, time_zone: timeZone, public_url: publicUrl, dev_mail_url: devMailUrl };
  });
}
