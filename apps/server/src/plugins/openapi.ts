import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ADMIN_MODULES } from '@aesa/shared/admin';
import { modulesOf, permissionFlagOf, type Access, type AdminModule } from './access.ts';

// The API describes itself: the OpenAPI 3.1 document is generated from the same zod schemas
// that validate requests and serialise answers, so it cannot drift from what the server does.
// It describes routes and shapes, never data, so both pages are public.

/**
 * How an operation's access reads in the API document, from the route's own `config.access`
 * (and `config.adminView`), so the document says exactly what the access plugin enforces:
 * - `security`: `[]` for a public operation; otherwise the bearer token, with the permission
 *   flags that pass as OpenAPI 3.1 role names, one requirement per flag (any one suffices;
 *   `is_super_admin` passes every admin rule, so it is always among them);
 * - `x-access`: the rule by name (`public`, `member`, `any-admin`, `admin`, `super-admin`), the
 *   modules and their permission flags, `evenWithheld` where an admin whose rights wait for a
 *   second factor passes too, and `adminView` for a fuller answer to some admins;
 * - a line "Access: …" in the description, for people.
 */
export function accessDoc(access: Access | undefined, adminView?: AdminModule): AccessDoc {
  const view = adminView
    ? {
        extension: { adminView: { module: adminView, permission: permissionFlagOf(adminView) } },
        note: ` Admins with \`${permissionFlagOf(adminView)}\` (and super admins) get a fuller answer.`,
      }
    : { extension: {}, note: '' };
  if (access === undefined) return { security: [{ bearer: [] }], xAccess: { rule: 'undeclared' }, note: 'Access: nobody (the route declares no access rule).' };
  if (access === 'public') return { security: [], xAccess: { rule: 'public', ...view.extension }, note: `Access: anyone, signed in or not.${view.note}` };
  if (access === 'member') return { security: [{ bearer: [] }], xAccess: { rule: 'member', ...view.extension }, note: `Access: any signed-in member (Bearer token).${view.note}` };
  const modules = modulesOf(access);
  if (modules === 'any') {
    const flags = [...new Set(ADMIN_MODULES.map(permissionFlagOf))];
    const security = flags.map((f) => ({ bearer: [f] }));
    if ('evenWithheld' in access && access.evenWithheld) {
      return { security, xAccess: { rule: 'any-admin', evenWithheld: true }, note: 'Access: any admin, also one whose rights wait until a second factor is set up.' };
    }
    return { security, xAccess: { rule: 'any-admin' }, note: 'Access: any admin (an admin role with any permission).' };
  }
  const permissions = modules.map(permissionFlagOf);
  const passing = [...new Set([...permissions, SUPER_FLAG])];
  const security = passing.map((f) => ({ bearer: [f] }));
  if (modules.length === 1 && modules[0] === 'super') {
    return { security, xAccess: { rule: 'super-admin', modules: ['super'], permissions }, note: `Access: super admins only (\`${SUPER_FLAG}\`).` };
  }
  const named = permissions.map((f) => `\`${f}\``).join(' or ');
  return { security, xAccess: { rule: 'admin', modules, permissions }, note: `Access: admins with the ${named} permission, and super admins.` };
}

const SUPER_FLAG = permissionFlagOf('super');

export interface AccessDoc {
  security: { bearer: string[] }[];
  xAccess: Record<string, unknown>;
  note: string;
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
      // The site's own address: the paths begin with /api.
      servers: [{ url: app.config.publicUrl, description: 'This portal' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token from signing in. An admin operation lists the permission flags that pass it as role names ' +
              '(any one suffices); a super admin passes every admin operation.',
          },
        },
      },
    },
    transform: (input) => {
      // Pages, uploads, the dev mailbox and the reference page itself are not operations of the API;
      // a file served outside /api for clients (the events calendar feed) names its operationId.
      const outsideApi = !input.url.startsWith('/api/') && !(input.schema as { operationId?: string } | undefined)?.operationId;
      if (outsideApi || input.url.startsWith(API_DOCS_PATH)) return { schema: { ...input.schema, hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const config = input.route.config as { access?: Access; adminView?: AdminModule } | undefined;
      const { security, xAccess, note } = accessDoc(config?.access, config?.adminView);
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      const description = [note, schema.description].filter(Boolean).join('\n\n');
      return { ...out, schema: { ...schema, 'x-access': xAccess, security, description, tags: [areaOf(input.url)] } };
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
