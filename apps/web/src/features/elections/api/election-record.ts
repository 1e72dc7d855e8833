import { queryOptions, useQuery } from '@tanstack/react-query';
import { sha256Hex } from '@aesa/shared/election-record';
import type { RollSummaryResponse } from '@aesa/shared/schemas/election-record';
import { API_BASE, ApiError, api, refusalTextOf } from '@/lib/api-client.ts';
import { readToken } from '@/lib/auth-storage.ts';
import { saveBlob } from '@/lib/private-files.ts';

/** GET /elections/{id}/roll: the roll's size and fingerprint, whether the signed-in member is on it, the record's heads. */
export const rollSummaryQueryOptions = (electionId: string, signedIn: boolean) =>
  queryOptions({
    // Signed in or not changes the answer (on_roll), so it is part of the key.
    queryKey: ['elections', electionId, 'roll', signedIn] as const,
    queryFn: async ({ signal }) => (await api.get<RollSummaryResponse>(`/elections/${encodeURIComponent(electionId)}/roll`, { signal })).roll,
    staleTime: 30_000,
  });

/** The roll summary, asked for once `load` is true. */
export function useRollSummary(electionId: string, signedIn: boolean, load = true) {
  return useQuery({ ...rollSummaryQueryOptions(electionId, signedIn), enabled: load });
}

export type PublicFileName = 'board.json' | 'board.csv' | 'record.json';

export interface PublicFile {
  name: string;
  text: string;
  /** Computed here, in the browser, over the bytes received: not taken from the server's header. */
  sha256: string;
}

/** A file's text, or the refusal as an ApiError carrying the server's message and code. */
async function textOrRefusal(res: Response): Promise<string> {
  const text = await res.text();
  if (res.ok) return text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  throw new ApiError(await refusalTextOf(body, res.status, res.statusText), 'http', res.status, body);
}

/** One of the election's public files, exactly as served; a refusal becomes an ApiError with the server's code. */
export async function fetchPublicFile(electionId: string, file: PublicFileName, signal?: AbortSignal): Promise<PublicFile> {
  const res = await fetch(`${API_BASE}/elections/${encodeURIComponent(electionId)}/${file}`, { signal });
  const text = await textOrRefusal(res);
  const [stem, ext] = file.split('.') as [string, string];
  return { name: `${stem}-${electionId}.${ext}`, text, sha256: await sha256Hex(text) };
}

/** Saves text as a file through a blob: address. */
export function saveText(name: string, text: string, type: string) {
  saveBlob(name, new Blob([text], { type }));
}

/** POST /elections/{id}/roll/export (electoral admins; audited): the roll as CSV, saved as a file. */
export async function downloadVoterRoll(electionId: string): Promise<void> {
  const token = readToken();
  const res = await fetch(`${API_BASE}/elections/${encodeURIComponent(electionId)}/roll/export`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await textOrRefusal(res);
  saveText(`voter-roll-${electionId}.csv`, text, 'text/csv');
}
