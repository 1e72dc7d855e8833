import { readToken } from '@/lib/auth-storage.ts';

/** How long the opened tab's blob: address stays valid (long enough for the tab to load it). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens a submitted PDF in a new tab. Until its article is published the server gives the file
 * only to its author and editorial admins, by the bearer session, which a plain link cannot send:
 * so the file is fetched with the session and the tab shows it from a blob: address. The tab is
 * opened within the click (a tab opened after the download would be stopped as a pop-up) and
 * cut from this page (no opener). Answers false when the file could not be read.
 */
export async function openSubmissionFile(fileUrl: string): Promise<boolean> {
  const tab = globalThis.open?.('', '_blank') ?? null;
  if (tab) tab.opener = null;
  try {
    const token = readToken();
    const res = await fetch(fileUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const objectUrl = URL.createObjectURL(new Blob([await res.blob()], { type: 'application/pdf' }));
    setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
    if (tab) tab.location.href = objectUrl;
    else globalThis.location.assign(objectUrl);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}
