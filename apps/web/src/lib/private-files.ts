import { readToken } from '@/lib/auth-storage.ts';

/** How long a blob: address stays valid (long enough for a tab or a download to take it). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Fetches with the bearer session, which a plain link or an <a download> cannot send. */
export function fetchWithSession(url: string): Promise<Response> {
  const token = readToken();
  return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
}

/** Saves a blob as a file named `name` (the browser's download), through a blob: address. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Opens a file only its owner and some admins may read (a proof of payment, an unpublished
 * submission) in a new tab: fetched with the session, shown from a blob: address. The tab is
 * opened within the click (a tab opened after the download would be stopped as a pop-up) and cut
 * from this page (no opener). `type` overrides the server's type. Answers false when the file
 * could not be read.
 */
export async function openPrivateFile(url: string, type?: string): Promise<boolean> {
  const tab = globalThis.open?.('', '_blank') ?? null;
  if (tab) tab.opener = null;
  try {
    const res = await fetchWithSession(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const blob = await res.blob();
    const objectUrl = URL.createObjectURL(type ? new Blob([blob], { type }) : blob);
    setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
    if (tab) tab.location.href = objectUrl;
    else globalThis.location.assign(objectUrl);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}
