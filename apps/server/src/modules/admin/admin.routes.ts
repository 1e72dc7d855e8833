import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_MODULES, ADMIN_UPLOAD_MODULE, ADMIN_UPLOAD_TYPES, type AdminMeResponse, type AdminUploadType } from '@aesa/shared/admin';
import { adminImageResponse, adminMeResponse } from '@aesa/shared/schemas/admin';
import { replies } from '@aesa/shared/schemas/envelope';
import { ADMIN_FLAGS } from '@aesa/shared/constants';
import { fail } from '../../lib/app-error.ts';
import { canUseModule, requireAdmin, requireUser } from '../../plugins/access.ts';
import { readUpload } from '../uploads/uploads.routes.ts';
import { storeImage } from '../uploads/uploads.service.ts';
import { adminFlagsOf } from '../auth/session-user.ts';

const uploadLimit = { max: 60, timeWindow: 60_000 };
const UPLOAD_RULE = 'The upload type (`type`, in the query or as a form field) then needs its own module: `event` the event admins, `candidate` the electoral admins, `article` the editorial admins.';
/** The modules whose admins upload images: one per upload type. */
const UPLOAD_MODULES = [...new Set(Object.values(ADMIN_UPLOAD_MODULE))];

/** Area-wide admin routes: who am I (dashboard cards) and the admin image upload. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Any signed-in member may ask; a non-admin gets all false, and the dashboard shows Access Denied.
  app.get('/admin/me', { config: { access: 'member' }, schema: { operationId: 'getAdminAccess', summary: "The signed-in member's admin role and permissions", response: replies(adminMeResponse) } }, async (request): Promise<AdminMeResponse> => {
    const user = requireUser(request);
    // The role's flags as held, even while withheld for a missing second factor (modules then all false).
    const held = adminFlagsOf(user.row);
    const flags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, !!held?.[f]])) as AdminMeResponse['flags'];
    const modules = Object.fromEntries(ADMIN_MODULES.map((m) => [m, canUseModule(user.admin, m)])) as AdminMeResponse['modules'];
    // An admin who must set up a second factor first is told so (the screens open the setup).
    const mfa_setup_required = !!user.mfaSetupRequired;
    return { success: true, is_admin: !!held, role_name: user.row.admin_role ?? null, flags, modules, mfa_setup_required };
  });

  // The upload type picks the module (event → event, candidate → electoral, article →
  // editorial): the route admits the admins of any of them, and the handler then requires the
  // type's own module. `type` may come as a query parameter (checked before the file is read)
  // or as a multipart field.
  app.post(
    '/admin/uploads/image',
    // A multipart form (the file, and `type` here or as a query parameter): read and checked below.
    {
      config: { access: { admin: UPLOAD_MODULES }, rateLimit: uploadLimit },
      schema: { operationId: 'uploadAdminImage', summary: 'Upload an image for an event, a candidate or an article', description: UPLOAD_RULE, response: replies(adminImageResponse) },
    },
    async (request) => {
      const queryType = (request.query as { type?: string }).type;
      if (queryType !== undefined) await requireAdmin(request, { admin: moduleOf(queryType) });
      const { file, fields } = await readUpload(request);
      const type = queryType ?? fields.type;
      const admin = await requireAdmin(request, { admin: moduleOf(type) });
      const url = await storeImage(app, admin.id, type as AdminUploadType, file);
      return { success: true as const, url };
    },
  );
}

function moduleOf(type: string | undefined) {
  if (!type || !(ADMIN_UPLOAD_TYPES as string[]).includes(type)) throw fail('UPLOAD_UNSUPPORTED_TYPE');
  return ADMIN_UPLOAD_MODULE[type as AdminUploadType];
}
