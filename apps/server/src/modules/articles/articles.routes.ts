import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicArticleListQuery, mySubmissionResponse, mySubmissionsResponse, publicArticlesResponse } from '@aesa/shared/schemas/editorial';
import { replies } from '@aesa/shared/schemas/envelope';
import { fail } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { PDF_DIR, PDF_NAME } from './article-pdf.ts';
import { findPdfOwner } from './articles.queries.ts';
import * as articles from './articles.service.ts';

const submitLimit = { max: 10, timeWindow: 15 * 60_000 };

/** Member article submissions and the public AeroIntel list (under /api). */
export async function articlesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ok = true as const;
  // A multipart form (the PDF, an optional cover image and the fields): read and checked by the service.
  app.post('/articles/submissions', { config: { access: 'member', rateLimit: submitLimit }, schema: { operationId: 'submitArticle', summary: 'Submit an article for review', response: replies(mySubmissionResponse, 201) } }, async (request, reply) => {
    const user = requireUser(request);
    const submission = await articles.submitArticle(app, request, user.id);
    return reply.status(201).send({ success: ok, submission });
  });

  app.get('/articles/submissions/mine', { config: { access: 'member' }, schema: { operationId: 'listMySubmissions', summary: "The signed-in member's article submissions", response: replies(mySubmissionsResponse) } }, async (request) => ({
    success: ok,
    submissions: await articles.listOwnSubmissions(app.db, requireUser(request).id),
  }));

  app.get('/articles', { config: { access: 'public' }, schema: { operationId: 'listArticles', summary: 'The published articles', querystring: publicArticleListQuery, response: replies(publicArticlesResponse) } }, async (request) => {
    const { limit, offset } = request.query;
    return { success: ok, ...(await articles.listPublishedArticles(app.db, limit, offset)) };
  });
}

/**
 * Serves a submitted PDF at its unguessable URL (/uploads/articles/<uuid>.pdf). Until an article
 * made from it is published, only its author and editorial admins (super passes) may read it,
 * with their bearer session (the editor's View File fetches it and opens it in a tab); everyone
 * else gets the same 404 as for a file that does not exist, so the answer does not even reveal
 * that a submission exists. A published article's PDF is public. This route is more specific
 * than the static /uploads/* one, so PDFs always get these headers: the PDF type whatever the
 * bytes, inline, nosniff (security headers plugin), and no shared cache (an unpublished one is
 * not stored at all).
 */
export async function articleFileRoutes(app: FastifyInstance) {
  app.get('/uploads/articles/:file', { config: { access: 'public', adminView: 'editorial' } }, async (request, reply) => {
    const name = (request.params as { file: string }).file;
    if (!PDF_NAME.test(name)) throw fail('FILE_NOT_FOUND');
    const owner = await findPdfOwner(app.db, `/uploads/${PDF_DIR}/${name}`);
    const user = request.user;
    const mayRead = !!owner && (owner.published || (!!user && (user.id === owner.user_id || request.adminView)));
    if (!mayRead) throw fail('FILE_NOT_FOUND');
    const file = path.join(app.config.uploadDir, PDF_DIR, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw fail('FILE_NOT_FOUND');
    reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="aesa-article-${name.slice(0, 8)}.pdf"`)
      .header('Content-Length', stat.size)
      .header('Cache-Control', owner.published ? 'private, max-age=3600' : 'no-store');
    return reply.send(fs.createReadStream(file));
  });
}
