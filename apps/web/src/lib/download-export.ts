import type { ExportName } from '@aesa/shared/exports';
import { API_BASE, ApiError, refusalTextOf, expireSession } from './api-client.ts';
import { fetchWithSession, saveBlob } from './private-files.ts';

/** A screen's filter as the export's query parameters; empty values are left out. */
export type ExportQuery = Record<string, string | undefined>;

/** The address of an export with a screen's filter: /api/admin/exports/members.csv?level=300. */
export function exportUrl(name: ExportName, query: ExportQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value?.trim()) params.append(key, value.trim());
  const qs = params.toString();
  return `${API_BASE}/admin/exports/${name}.csv${qs ? `?${qs}` : ''}`;
}

/**
 * GET /admin/exports/{name}.csv with the screen's filter, saved as the file the server names. A
 * plain link cannot send the bearer token, so the file is fetched and saved through a blob:
 * address; a refusal becomes an ApiError with the server's message and code.
 */
export async function downloadExport(name: ExportName, query: ExportQuery = {}): Promise<string> {
  const res = await fetchWithSession(exportUrl(name, query));
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status === 401) expireSession();
    throw new ApiError(await refusalTextOf(body, res.status, res.statusText), 'http', res.status, body);
  }
  const blob = await res.blob();
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${name}.csv`;
  saveBlob(filename, blob);
  return filename;
}
