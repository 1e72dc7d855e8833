import type { AdminFlag } from '@aesa/shared/constants';

/** The seven admin flags with the spec's meaning of each, in the order the form lists them. */
export const ROLE_FLAGS: readonly { flag: AdminFlag; label: string; description: string }[] = [
  { flag: 'is_super_admin', label: 'Super Admin', description: 'Full system access' },
  { flag: 'is_editorial_admin', label: 'Editorial Admin', description: 'Articles and content' },
  { flag: 'is_electoral_admin', label: 'Electoral Admin', description: 'Elections and candidates' },
  { flag: 'is_event_admin', label: 'Event Admin', description: 'Create and manage events' },
  { flag: 'is_email_admin', label: 'Email Admin', description: 'Send bulk e-mails' },
  { flag: 'is_data_admin', label: 'Data Admin', description: 'Update member roles and data' },
  { flag: 'is_finance_admin', label: 'Finance Admin', description: 'Sessions, dues and payments' },
];
