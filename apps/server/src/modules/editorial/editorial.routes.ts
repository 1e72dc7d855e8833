import type { FastifyInstance } from 'fastify';
import { articleCreateSchema, articleListQuery, articleUpdateSchema, EDITORIAL_MSG, submissionListQuery, submissionStatusSchema } from '@aesa/shared/editorial';
import { parseWith } from '../../lib/validate.ts';
import { idParam } from '../admin/admin-db.ts';
import * as ed from './editorial.service.ts';

const editorial = { access: { admin: 'editorial' } } as const;

/** Editorial Management (spec 02 §2.3, §7 Editorial): editorial admin. */
export async function editorialRoutes(app: FastifyInstance) {
  app.get('/admin/editorial/article-submissions', { config: editorial }, async (request) => {
    const query = parseWith(submissionListQuery, request.query);
    return { success: true, ...(await ed.listSubmissions(app.db, query)) };
  });

  app.get('/admin/editorial/article-submissions/:id', { config: editorial }, async (request) => ({
    success: true,
    submission: await ed.getSubmission(app.db, idParam(request.params, EDITORIAL_MSG.submissionNotFound)),
  }));

  app.patch('/admin/editorial/article-submissions/:id/status', { config: editorial }, async (request) => {
    const id = idParam(request.params, EDITORIAL_MSG.submissionNotFound);
    const input = parseWith(submissionStatusSchema, request.body);
    return { success: true, submission: await ed.reviewSubmission(app.db, id, input, app.clock()) };
  });

  app.get('/admin/editorial/articles', { config: editorial }, async (request) => {
    const query = parseWith(articleListQuery, request.query);
    return { success: true, ...(await ed.listArticles(app.db, query)) };
  });

  app.post('/admin/editorial/articles', { config: editorial }, async (request, reply) => {
    const input = parseWith(articleCreateSchema, request.body);
    reply.status(201);
    return { success: true, article: await ed.createArticle(app.db, input, app.clock()) };
  });

  app.patch('/admin/editorial/articles/:id', { config: editorial }, async (request) => {
    const id = idParam(request.params, EDITORIAL_MSG.articleNotFound);
    const input = parseWith(articleUpdateSchema, request.body);
    return { success: true, article: await ed.updateArticle(app.db, id, input, app.clock()) };
  });

  app.delete('/admin/editorial/articles/:id', { config: editorial }, async (request) => {
    await ed.deleteArticle(app.db, idParam(request.params, EDITORIAL_MSG.articleNotFound));
    return { success: true };
  });
}
