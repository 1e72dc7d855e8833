/** What an audited call acts on; each has a name looked up when the entry is written (audit.queries.ts). */
export type AuditTargetType =
  | 'role'
  | 'admin'
  | 'member'
  | 'member role'
  | 'executive'
  | 'election'
  | 'candidate'
  | 'event'
  | 'article'
  | 'article submission'
  | 'bulk e-mail'
  | 'image'
  | 'second factor'
  | 'security settings'
  | 'session'
  | 'payment';

export interface AuditAction {
  /** The verb, as "update" or "remove"; its past form is made by `pastOf` unless `past` says it. */
  verb: string;
  past?: string;
  target?: AuditTargetType;
  /**
   * Where the target's id is: a path parameter (looked up before the change, so a removed
   * thing keeps its name), or for a creation the answer's object of that name.
   */
  id?: { param: string } | { answer: string };
  /** When the target has no row to look up (an e-mail, the first administrator): the body field that names it. */
  nameField?: string;
  /** What the summary calls the target, when not its type ('' for nothing: the verb says it). */
  noun?: string;
  /**
   * A body field that, when true, makes the call a read that changes nothing (a bulk e-mail's
   * dry run only counts its recipients): such a call is not audited, neither done nor failed.
   */
  readWhen?: string;
}

const byParam = (param = 'id') => ({ param });
const fromAnswer = (answer: string) => ({ answer });

/**
 * Every audited call ("METHOD /api/route" as declared) in words. A test checks that each audited
 * route has its entry here, so a new admin write cannot show up as a bare route.
 */
export const AUDIT_ACTIONS: Record<string, AuditAction> = {
  'POST /api/admin/roles': { verb: 'create', target: 'role', id: fromAnswer('role') },
  'PATCH /api/admin/roles/:id': { verb: 'update', target: 'role', id: byParam() },
  'DELETE /api/admin/roles/:id': { verb: 'delete', target: 'role', id: byParam() },
  'POST /api/admin/users': { verb: 'make', past: 'made', target: 'admin', id: fromAnswer('admin') },
  'PATCH /api/admin/users/:id': { verb: 'change the role of', past: 'changed the role of', target: 'admin', id: byParam() },
  'DELETE /api/admin/users/:id': { verb: 'remove', target: 'admin', id: byParam() },
  'POST /api/admin/users/:id/mfa-reset': { verb: 'reset the second factor of', past: 'reset the second factor of', target: 'admin', id: byParam() },
  'POST /api/admin/send-bulk-email': { verb: 'send', past: 'sent', target: 'bulk e-mail', nameField: 'subject', readWhen: 'dry_run' },
  'POST /api/admin/communications/send': { verb: 'send', past: 'sent', target: 'bulk e-mail', nameField: 'subject', readWhen: 'dry_run' },
  'PATCH /api/admin/editorial/article-submissions/:id/status': { verb: 'review', target: 'article submission', id: byParam() },
  'POST /api/admin/editorial/articles': { verb: 'create', target: 'article', id: fromAnswer('article') },
  'PATCH /api/admin/editorial/articles/:id': { verb: 'update', target: 'article', id: byParam() },
  'DELETE /api/admin/editorial/articles/:id': { verb: 'delete', target: 'article', id: byParam() },
  'POST /api/admin/events': { verb: 'create', target: 'event', id: fromAnswer('event') },
  'PATCH /api/admin/events/:id': { verb: 'update', target: 'event', id: byParam() },
  'DELETE /api/admin/events/:id': { verb: 'delete', target: 'event', id: byParam() },
  'POST /api/admin/executives': { verb: 'assign', target: 'executive', id: fromAnswer('executive') },
  'PATCH /api/admin/executives/:id': { verb: 'update', target: 'executive', id: byParam() },
  'POST /api/admin/member-roles/batch': { verb: 'assign member roles in a batch', past: 'assigned member roles in a batch' },
  'POST /api/admin/member-roles/bulk': { verb: 'change member roles in bulk', past: 'changed member roles in bulk', noun: '' },
  'GET /api/admin/exports/members.csv': { verb: 'export the members', past: 'exported the members', noun: '' },
  'GET /api/admin/exports/member-roles.csv': { verb: 'export the member roles', past: 'exported the member roles', noun: '' },
  'GET /api/admin/exports/executives.csv': { verb: 'export the executives', past: 'exported the executives', noun: '' },
  'GET /api/admin/exports/payments.csv': { verb: 'export the payments', past: 'exported the payments', noun: '' },
  'GET /api/admin/exports/audit-log.csv': { verb: 'export the audit log', past: 'exported the audit log', noun: '' },
  'GET /api/admin/exports/bulk-email-recipients.csv': { verb: 'export the recipients of a bulk e-mail', past: 'exported the recipients of a bulk e-mail', noun: '' },
  'GET /api/admin/exports/event-attendees.csv': { verb: "export an event's attendees", past: "exported an event's attendees", noun: '' },
  'PATCH /api/admin/member-roles/:id': { verb: 'update', target: 'member role', id: byParam() },
  'POST /api/admin/members/import': { verb: 'import the class list', past: 'imported the class list' },
  'POST /api/admin/hand-over': { verb: 'start the next session', past: 'started the next session', nameField: 'to_year' },
  'PATCH /api/admin/members/:id': { verb: 'correct the level and year of', past: 'corrected the level and year of', target: 'member', id: byParam() },
  'PUT /api/admin/security-settings': { verb: 'change', target: 'security settings' },
  'POST /api/admin/uploads/image': { verb: 'upload', target: 'image' },
  'POST /api/elections': { verb: 'create', target: 'election', id: fromAnswer('election') },
  'PATCH /api/elections/:id': { verb: 'update', target: 'election', id: byParam() },
  'DELETE /api/elections/:id': { verb: 'delete', target: 'election', id: byParam() },
  'POST /api/elections/:id/publish-results': { verb: 'publish the results of', past: 'published the results of', target: 'election', id: byParam() },
  'POST /api/elections/:id/extend': { verb: 'extend the voting of', past: 'extended the voting of', target: 'election', id: byParam() },
  'POST /api/elections/:id/close-voting': { verb: 'close the voting of', past: 'closed the voting of', target: 'election', id: byParam() },
  'POST /api/elections/:id/archive': { verb: 'archive', target: 'election', id: byParam() },
  'POST /api/elections/:id/publish-final-results': { verb: 'publish the final results of', past: 'published the final results of', target: 'election', id: byParam() },
  'POST /api/elections/:id/candidates': { verb: 'add', target: 'candidate', id: fromAnswer('candidate') },
  'PATCH /api/elections/:id/candidates/:candidateId': { verb: 'update', target: 'candidate', id: byParam('candidateId') },
  'DELETE /api/elections/:id/candidates/:candidateId': { verb: 'remove', target: 'candidate', id: byParam('candidateId') },
  'POST /api/elections/:id/roll/export': { verb: 'download the voter roll of', past: 'downloaded the voter roll of', target: 'election', id: byParam() },
  'POST /api/elections/:id/install-winners': { verb: 'install the winners of', past: 'installed the winners of', target: 'election', id: byParam() },
  'POST /api/elections/:id/remind': { verb: 'remind the members who had not voted in', past: 'reminded the members who had not voted in', target: 'election', id: byParam() },
  'POST /api/admin/sessions': { verb: 'create', target: 'session', id: fromAnswer('session') },
  'PATCH /api/admin/sessions/:id': { verb: 'update', target: 'session', id: byParam() },
  'POST /api/admin/payments': { verb: 'record', target: 'payment', id: fromAnswer('payment') },
  'POST /api/admin/payments/:id/approve': { verb: 'approve', target: 'payment', id: byParam() },
  'POST /api/admin/payments/:id/reject': { verb: 'reject', target: 'payment', id: byParam() },
  'POST /api/admin/payments/:id/void': { verb: 'void', target: 'payment', id: byParam() },
  'POST /api/auth/mfa/setup': { verb: 'start setting up', past: 'started setting up', target: 'second factor' },
  'POST /api/auth/mfa/confirm': { verb: 'set up', past: 'set up', target: 'second factor' },
  'POST /api/auth/mfa/disable': { verb: 'turn off', past: 'turned off', target: 'second factor' },
  'POST /api/auth/mfa/recovery-codes': { verb: 'renew the recovery codes of', past: 'renewed the recovery codes of', target: 'second factor' },
  'POST /api/setup/first-admin': { verb: 'create the first administrator', past: 'created the first administrator', target: 'member', nameField: 'name', noun: '' },
};

/** "update" → "updated", "add" → "added"; irregular verbs say their `past`. */
export function pastOf(action: AuditAction): string {
  if (action.past) return action.past;
  const [first, ...rest] = action.verb.split(' ');
  return [first!.endsWith('e') ? `${first}d` : `${first}ed`, ...rest].join(' ');
}

/** The act in words: "updated election", or for a refused or failed call "tried to update election". */
export function summaryOf(action: AuditAction, outcome: 'ok' | 'denied' | 'failed'): string {
  const noun = action.noun ?? action.target ?? '';
  const what = noun ? ` ${noun}` : '';
  return outcome === 'ok' ? `${pastOf(action)}${what}` : `tried to ${action.verb}${what}`;
}
