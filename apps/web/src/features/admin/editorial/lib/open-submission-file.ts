import { openPrivateFile } from '@/lib/private-files.ts';

/**
 * Opens a submitted PDF in a new tab: until its article is published the server gives the file
 * only to its author and editorial admins. False when it could not be read.
 */
export function openSubmissionFile(fileUrl: string): Promise<boolean> {
  return openPrivateFile(fileUrl, 'application/pdf');
}
