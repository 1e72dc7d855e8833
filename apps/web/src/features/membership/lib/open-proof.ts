import { readToken } from '@/lib/auth-storage.ts';

/** How long the opened tab's blob: address stays valid (long enough for the tab to load it). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens a proof of payment in a new tab. The server gives the file only to the member who sent it
 * and to finance admins, by the bearer session, which a plain link cannot send: so the file is
 * fetched with the session and the tab shows it from a blob: address (an image or a PDF, as the
 * server typed it). The tab is opened within the click, so it is not stopped as a pop-up.
 * Answers false when the file could not be read.
 */
export async function openProof(paymentId: string): Promise<boolean> {
  const tab = globalThis.open?.('', '_blank') ?? null;
  if (tab) tab.opener = null;
  try {
    const token = readToken();
    const res = await fetch(`/api/membership/payments/${encodeURIComponent(paymentId)}/proof`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const objectUrl = URL.createObjectURL(await res.blob());
    setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
    if (tab) tab.location.href = objectUrl;
    else globalThis.location.assign(objectUrl);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}
