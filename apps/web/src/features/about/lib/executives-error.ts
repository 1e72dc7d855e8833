import { isApiError } from '@/lib/api-client.ts';

// The About page's words for a failed executives load.
export function aboutExecutivesError(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'cross-origin') return 'Unable to connect to server. Using placeholder data.';
    if (error.kind === 'timeout') return 'Server response timeout. Using placeholder data.';
  }
  const message = error instanceof Error ? error.message : '';
  return `Failed to load executives: ${message || 'Unknown error'}`;
}
