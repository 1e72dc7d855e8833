import type { FastifyInstance } from 'fastify';

/** What the pages need to know about the association: its name and the footer's contact details. */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/config', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { success: true, association_name: app.config.associationName, contact: app.config.contact };
  });
}
