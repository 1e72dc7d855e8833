// Bulk actions on member roles and the CSV exports of the admin screens: their names, limits and
// messages (no zod here, so the screens can use them cheaply).

/** The most member roles one bulk action may name by id (a page of the screen is 25; "all matching" goes by filter). */
export const BULK_MAX_IDS = 1000;
/** How many members the bulk action's audit entry names; past that it says how many more. */
export const BULK_AUDIT_NAMES = 50;

export const BULK_MSG = {
  targetOneOf: 'Choose the member roles either by their ids or by a filter, not both and not neither.',
  nothingToSet: 'Choose what to change: verified, current, or both.',
  unknownIds: (count: number) => `${count} of the chosen member roles no longer exist${count === 1 ? 's' : ''}. Reload the list and try again.`,
  tooManyIds: `Choose at most ${BULK_MAX_IDS} member roles by id, or select all matching the filter.`,
} as const;

/** The CSV files the admin screens download: GET /api/admin/exports/{name}.csv. */
export const EXPORT_NAMES = ['members', 'member-roles', 'executives', 'payments', 'audit-log', 'bulk-email-recipients', 'event-attendees'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

export const EXPORT_MSG = {
  sessionRequired: 'Choose the session to export, as 2026-2027.',
  sessionNotFound: 'There is no such session.',
  bulkEmailNotFound: 'There is no such bulk e-mail.',
} as const;

/**
 * A cell a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text.
 * The apostrophe is visible in a plain text editor; that is the price of safety (OWASP's advice).
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
