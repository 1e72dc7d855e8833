import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleCreateSchema, articleListQuery, articleUpdateSchema, submissionListQuery, submissionStatusSchema, articleDeletedResponse, articleListResponse, articleItemSchema, articleResponse, submissionItemSchema, submissionListResponse, submissionResponse } from '@aesa/shared/schemas/editorial';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { versionedReplies, versionOnlyBody } from '@aesa/shared/schemas/edit-version';
import { editVersioned, removeVersioned, setETag } from '../../lib/edit-version.ts';
import * as ed from './editorial.service.ts';

const editorial = { access: { admin: 'editorial' } } as const;
const submissionParams = z.object({ id: pathIdSchema('SUBMISSION_NOT_FOUND') });
const articleParams = z.object({ id: pathIdSchema('ARTICLE_NOT_FOUND') });
const ok = true as const;

/** Editorial Management: submissions and articles, for editorial admins (super passes). */
export async function editorialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/editorial/article-submissions', { config: editorial, schema: { operationId: 'listArticleSubmissions', summary: 'The article submissions', querystring: submissionListQuery, response: replies(submissionListResponse) } }, async (request) => {
    return { success: ok, ...(await ed.listSubmissions(app.db, request.query)) };
  });

  app.get('/admin/editorial/article-submissions/:id', { config: editorial, schema: { operationId: 'getArticleSubmission', summary: 'One article submission', params: submissionParams, response: replies(submissionResponse) } }, async (request, reply) => ({
    success: ok,
    submission: setETag(reply, await ed.getSubmission(app.db, request.params.id)),
  }));

  // A decision, change or delete names the version it was made from (If-Match or `version`; decision 054).
  const submissionEdit = (id: string) => ({ target: 'article submission' as const, id, read: () => ed.findSubmission(app.db, id), notFound: 'SUBMISSION_NOT_FOUND' as const });
  const articleEdit = (id: string) => ({ target: 'article' as const, id, read: () => ed.findArticle(app.db, id), notFound: 'ARTICLE_NOT_FOUND' as const });

  const reviewSchema = { operationId: 'reviewArticleSubmission', summary: 'Accept or decline an article submission', params: submissionParams, body: submissionStatusSchema, response: versionedReplies(submissionResponse, submissionItemSchema) };
  app.patch('/admin/editorial/article-submissions/:id/status', { config: editorial, schema: reviewSchema }, async (request, reply) => {
    const { id } = request.params;
    return { success: ok, submission: await editVersioned(request, reply, submissionEdit(id), (version) => ed.reviewSubmission(app.db, id, version, request.body, app.clock())) };
  });

  app.get('/admin/editorial/articles', { config: editorial, schema: { operationId: 'listArticlesForEditing', summary: 'The articles, published or not', querystring: articleListQuery, response: replies(articleListResponse) } }, async (request) => {
    return { success: ok, ...(await ed.listArticles(app.db, request.query)) };
  });

  app.post('/admin/editorial/articles', { config: editorial, schema: { operationId: 'createArticle', summary: 'Create an article', body: articleCreateSchema, response: replies(articleResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, article: await ed.createArticle(app.db, request.body, app.clock()) });
  });

  const updateSchema = { operationId: 'updateArticle', summary: 'Change an article', params: articleParams, body: articleUpdateSchema, response: versionedReplies(articleResponse, articleItemSchema) };
  app.patch('/admin/editorial/articles/:id', { config: editorial, schema: updateSchema }, async (request, reply) => {
    const { id } = request.params;
    return { success: ok, article: await editVersioned(request, reply, articleEdit(id), (version) => ed.updateArticle(app.db, id, version, request.body, app.clock())) };
  });

  const deleteSchema = { operationId: 'deleteArticle', summary: 'Delete an article', params: articleParams, body: versionOnlyBody, response: versionedReplies(articleDeletedResponse, articleItemSchema) };
  app.delete('/admin/editorial/articles/:id', { config: editorial, schema: deleteSchema }, async (request) => {
    const { id } = request.params;
    await removeVersioned(request, articleEdit(id), (version) => ed.deleteArticle(app.db, id, version));
    return { success: ok };
  });
}
