import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './access.ts';
import { permissionFlagOf } from './access.ts';

// The API describes itself: the OpenAPI 3.1 document is generated from the same zod schemas
// that validate requests and serialise answers, so it cannot drift from what the server does.
// It describes routes and shapes, never data, so both pages are public.

/** Who may call a route, in words, for the operation's description and `x-access`. */
function accessNote(access: Access | undefined): { note: string; extension: Record<string, unknown> } {
  if (access === 'public' || access === undefined) return { note: 'Anyone may call this.', extension: { 'x-access': 'public' } };
  if (access === 'member') return { note: 'A signed-in member (Bearer token).', extension: { 'x-access': 'member' } };
  const flag = permissionFlagOf(access.admin);
  return {
    note: `Admin only: needs the \`${flag}\` permission (a super admin has every permission).`,
    extension: { 'x-access': 'admin', 'x-required-permission': flag },
  };
}

/** The area an operation is listed under: /api/admin/<area>/… → "admin <area>", /api/<area>/… → "<area>". */
function areaOf(url: string): string {
  const [first, second] = url.replace(/^\/(api\/)?/, '').split('/');
  return first === 'admin' && second && !second.startsWith(':') ? `admin ${second}` : (first?.replace(/\.\w+$/, '') || 'api');
}

/** Registers the document generator; call before the routes so that it sees every one. */
export const openApi = fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AESA Portal API',
        version: '1.0.0',
        description:
          'Every answer is JSON: `{success: true, …}` or `{success: false, error, code?}`. `error` is the message to show; ' +
          '`code` is a stable reason a client may act on. Signed-in calls send `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      // Pages, uploads, the dev mailbox and the reference page itself are not operations of the API;
      // a file served outside /api for clients (the events calendar feed) names its operationId.
      const outsideApi = !input.url.startsWith('/api/') && !(input.schema as { operationId?: string } | undefined)?.operationId;
      if (outsideApi || input.url.startsWith(API_DOCS_PATH)) return { schema: { ...input.schema, hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const { note, extension } = accessNote(input.route.config?.access as Access | undefined);
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      const description = [schema.description, note].filter(Boolean).join('\n\n');
      const security = extension['x-access'] === 'public' ? {} : { security: [{ bearer: [] }] };
      return { ...out, schema: { ...schema, ...extension, ...security, description, tags: [areaOf(input.url)] } };
    },
  });
});

/** The reference page: a page like the site's others (public, same CSP), not an API route. */
export const API_DOCS_PATH = '/api/docs';

/** The document at /api/openapi.json and a reference page at /api/docs, served from our own origin. */
export async function openApiRoutes(app: FastifyInstance) {
  // The document describes the API; it is not one of its operations.
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { url: '/api/openapi.json', deepLinking: true }, staticCSP: false });
}
