import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EDITORIAL_MSG } from '@aesa/shared/editorial';
import { articleCreateSchema, articleListQuery, articleUpdateSchema, submissionListQuery, submissionStatusSchema, articleDeletedResponse, articleListResponse, articleResponse, submissionListResponse, submissionResponse } from '@aesa/shared/schemas/editorial';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import * as ed from './editorial.service.ts';

const editorial = { access: { admin: 'editorial' } } as const;
const submissionParams = z.object({ id: pathIdSchema(EDITORIAL_MSG.submissionNotFound) });
const articleParams = z.object({ id: pathIdSchema(EDITORIAL_MSG.articleNotFound) });
const ok = true as const;

/** Editorial Management: submissions and articles, for editorial admins (super passes). */
export async function editorialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/editorial/article-submissions', { config: editorial, schema: { querystring: submissionListQuery, response: replies(submissionListResponse) } }, async (request) => {
    return { success: ok, ...(await ed.listSubmissions(app.db, request.query)) };
  });

  app.get('/admin/editorial/article-submissions/:id', { config: editorial, schema: { params: submissionParams, response: replies(submissionResponse) } }, async (request) => ({
    success: ok,
    submission: await ed.getSubmission(app.db, request.params.id),
  }));

  const reviewSchema = { params: submissionParams, body: submissionStatusSchema, response: replies(submissionResponse) };
  app.patch('/admin/editorial/article-submissions/:id/status', { config: editorial, schema: reviewSchema }, async (request) => {
    return { success: ok, submission: await ed.reviewSubmission(app.db, request.params.id, request.body, app.clock()) };
  });

  app.get('/admin/editorial/articles', { config: editorial, schema: { querystring: articleListQuery, response: replies(articleListResponse) } }, async (request) => {
    return { success: ok, ...(await ed.listArticles(app.db, request.query)) };
  });

  app.post('/admin/editorial/articles', { config: editorial, schema: { body: articleCreateSchema, response: replies(articleResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, article: await ed.createArticle(app.db, request.body, app.clock()) });
  });

  const updateSchema = { params: articleParams, body: articleUpdateSchema, response: replies(articleResponse) };
  app.patch('/admin/editorial/articles/:id', { config: editorial, schema: updateSchema }, async (request) => {
    return { success: ok, article: await ed.updateArticle(app.db, request.params.id, request.body, app.clock()) };
  });

  app.delete('/admin/editorial/articles/:id', { config: editorial, schema: { params: articleParams, response: replies(articleDeletedResponse) } }, async (request) => {
    await ed.deleteArticle(app.db, request.params.id);
    return { success: ok };
  });
}
