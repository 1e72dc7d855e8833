import type { ArticleCreateInput, ArticleItem, ArticleListResponse, SubmissionItem, SubmissionListResponse, SubmissionStatus, SubmissionStatusInput } from '@aesa/shared/editorial';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Editorial calls; the answers' types are the shared response schemas.

export const editorialKeys = {
  all: ['admin', 'editorial'] as const,
  submissions: (status: string) => [...editorialKeys.all, 'submissions', status] as const,
  articles: () => [...editorialKeys.all, 'articles'] as const,
};

/** GET /admin/editorial/article-submissions?status=&limit=50&offset=0 */
export async function listSubmissions(status: SubmissionStatus | '', signal?: AbortSignal): Promise<SubmissionItem[]> {
  const body = await api.get<SubmissionListResponse>('/admin/editorial/article-submissions', {
    signal,
    query: { status: status || undefined, limit: 50, offset: 0 },
  });
  return body.submissions;
}

export const submissionsQueryOptions = (status: SubmissionStatus | '') =>
  queryOptions({ queryKey: editorialKeys.submissions(status), queryFn: ({ signal }) => listSubmissions(status, signal), retry: false });

export const useSubmissions = (status: SubmissionStatus | '') => useQuery(submissionsQueryOptions(status));

/** GET /admin/editorial/articles: every article made from a submission, drafts included. */
export async function listArticles(signal?: AbortSignal): Promise<ArticleItem[]> {
  return (await api.get<ArticleListResponse>('/admin/editorial/articles', { signal, query: { limit: 200, offset: 0 } })).articles;
}

export const articlesQueryOptions = () =>
  queryOptions({ queryKey: editorialKeys.articles(), queryFn: ({ signal }) => listArticles(signal), retry: false });

export const useArticles = () => useQuery(articlesQueryOptions());

/** The review: a status and notes; with rejected, `unpublish_article` also takes its published article off AeroIntel. */
export const setSubmissionStatus = (id: string, version: number, input: SubmissionStatusInput) =>
  api.patch(`/admin/editorial/article-submissions/${encodeURIComponent(id)}/status`, input, { version });

export const createArticle = (input: ArticleCreateInput) => api.post('/admin/editorial/articles', input);
export const setArticleStatus = (id: string, version: number, status: 'draft' | 'published') =>
  api.patch(`/admin/editorial/articles/${encodeURIComponent(id)}`, { status }, { version });
export const deleteArticle = (id: string, version: number) => api.delete(`/admin/editorial/articles/${encodeURIComponent(id)}`, undefined, { version });

/** A mutation that refreshes the editorial lists (and the public AeroIntel list) when it settles. */
export function useEditorialMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: editorialKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['articles'] });
    },
  });
}
