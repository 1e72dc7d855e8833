import type { BulkEmailSendResponse, SuperBulkEmailInput } from '@aesa/shared/admin';
import { api } from '@/lib/api-client.ts';

/** POST /admin/send-bulk-email {subject, body, recipient_roles: groups and/or members' e-mail addresses, dry_run?}. */
export const sendBulkEmail = (input: SuperBulkEmailInput) =>
  api.post<BulkEmailSendResponse>('/admin/send-bulk-email', input);
