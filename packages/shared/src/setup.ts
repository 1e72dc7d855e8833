// The "Create the first administrator" screen: it opens from the one-time link the server prints
// on its console while the database has no super admin, and creates that super admin.

export const SETUP_MSG = {
  title: 'Create the first administrator',
  tokenMissing: 'This page needs the setup link that the server prints on its console when it starts without an administrator.',
  tokenInvalid: 'This setup link is invalid, used or expired. Restart the server: while there is no administrator, it prints a new link at every start.',
  adminExists: 'An administrator already exists. Please log in.',
  created: 'The administrator account is created. You can now log in.',
  failed: 'The administrator account could not be created. Please try again.',
} as const;

// Request schemas (zod) are in schemas/setup.ts, so that this module holds no zod.
export type { FirstAdminInput } from './schemas/setup.ts';

// Answers: schemas/site.ts. `valid` is true while the link is unused, unexpired, and the site
// still has no super admin.
export type { SetupStatusResponse } from './schemas/site.ts';
