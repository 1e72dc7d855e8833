import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLASS_LIST_LIMITS, CLASS_LIST_MSG } from '@aesa/shared/class-list';
import { classListImportQuery, classListReportResponse } from '@aesa/shared/schemas/class-list';
import { replies } from '@aesa/shared/schemas/envelope';
import { fail } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { readClassList } from './class-list-file.ts';
import { importClassList } from './class-list.service.ts';

const importLimit = { max: 30, timeWindow: 60_000 };

/** The one file of the multipart form (`file`), within the class list's size limit. */
async function readFile(request: FastifyRequest): Promise<{ file: Buffer; filename: string }> {
  if (!request.isMultipart()) throw fail('CLASS_LIST_FILE_REQUIRED');
  let found: { file: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CLASS_LIST_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') found = { file: await part.toBuffer(), filename: part.filename };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('CLASS_LIST_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw fail('CLASS_LIST_FILE_REQUIRED');
    throw err;
  }
  if (!found || found.file.length === 0) throw fail('CLASS_LIST_FILE_REQUIRED');
  return found;
}

/**
 * POST /api/admin/members/import?dry_run=true|false (data admins): the department's class list
 * (multipart `file`, CSV). The preview and the apply answer the same row report; the preview
 * changes nothing. Audited as one entry with the counts (both the preview, which shows who read
 * the list, and the apply).
 */
export async function classListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/admin/members/import',
    { config: { access: { admin: 'data' }, rateLimit: importLimit }, schema: { operationId: 'importClassList', summary: "Preview or apply the department's class list (CSV)", querystring: classListImportQuery, response: replies(classListReportResponse) } },
    async (request) => {
      const admin = requireUser(request);
      const dryRun = request.query.dry_run !== 'false';
      const { file, filename } = await readFile(request);
      const report = await importClassList(app.db, readClassList(file), { dryRun, adminId: admin.id, now: app.clock() });
      // What the audit entry lists: the file and the counts (a multipart form has no JSON body).
      request.receivedBody = { dry_run: dryRun, file: filename.slice(0, 120), ...report.counts };
      const message = dryRun ? `Preview of ${report.counts.rows} rows: nothing has changed yet.` : CLASS_LIST_MSG.applied(report.counts.changed);
      return { success: true as const, message, ...report };
    },
  );
}
