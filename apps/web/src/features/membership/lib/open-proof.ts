import { openPrivateFile } from '@/lib/private-files.ts';

/**
 * Opens a proof of payment in a new tab: the server gives the file only to the member who sent it
 * and to finance admins (an image or a PDF, as the server typed it). False when it could not be read.
 */
export function openProof(paymentId: string): Promise<boolean> {
  return openPrivateFile(`/api/membership/payments/${encodeURIComponent(paymentId)}/proof`);
}
