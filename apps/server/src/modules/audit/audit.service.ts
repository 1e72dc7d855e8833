import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditOutcome } from '@aesa/shared/admin';
import type { AuditEntry } from '@aesa/shared/schemas/audit';
import type { Db } from '../../db/client.ts';
import { inRequestTransaction, outsideRequestTransaction } from '../../db/request-transaction.ts';
import type { Tx } from '../../db/tx.ts';
import { AUDIT_ACTIONS, summaryOf, type AuditAction, type AuditTargetType } from './audit-actions.ts';
import { insertAuditEntry, targetName, type listAuditEntries } from './audit.queries.ts';

const SECRET_KEY = /password|token|secret|^code$/i; // code: a second-factor or recovery code
const REDACTED = '[redacted]';
const MAX_DETAIL_CHARS = 4000;
const MAX_TARGET_CHARS = 200;
const MAX_VALUE_CHARS = 200;
const MAX_LIST_ITEMS = 10;

// PostgreSQL text and jsonb cannot hold a NUL character: one in a path parameter or a body (a
// hostile or broken client) must not turn the audit write, and so the answer, into a 500.
const withoutNul = (s: string) => s.replaceAll('\u0000', '');

/** JSON text of a value with every secret (at any depth) redacted and no NUL character. */
function redactedJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (SECRET_KEY.test(key)) return REDACTED;
    if (typeof v === 'string') return withoutNul(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).map(([k, inner]) => [withoutNul(k), inner]));
    return v;
  });
}

/** The body of an admin write, without secrets and bounded in size, for the audit trail. */
export function auditDetails(body: unknown): unknown {
  if (body == null || typeof body !== 'object') return null;
  const json = redactedJson(body);
  if (json.length <= MAX_DETAIL_CHARS) return JSON.parse(json);
  return { truncated: json.slice(0, MAX_DETAIL_CHARS) };
}

/** A value as the audit log shows it: short text, a short list, or how many items a long one held. */
function shortValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    const text = withoutNul(value);
    return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
  }
  if (Array.isArray(value)) return value.length > MAX_LIST_ITEMS ? `${value.length} items` : value.map(shortValue);
  if (value && typeof value === 'object') return shortValue(JSON.stringify(value));
  return value ?? null;
}

/**
 * The fields a write set and their new values: the fields the client sent, with the values as
 * the route understood them (trimmed, normalised). A secret (password, token, code) is never
 * listed, not even by name with a hidden value.
 */
export function changesOf(sent: unknown, understood: unknown, before?: Record<string, unknown>): { field: string; value: unknown; before?: unknown }[] {
  if (sent == null || typeof sent !== 'object' || Array.isArray(sent)) return [];
  const parsed = understood && typeof understood === 'object' && !Array.isArray(understood) ? (understood as Record<string, unknown>) : {};
  return (
    Object.entries(sent as Record<string, unknown>)
      // The version a change was made from says which record it changed, not what it set.
      .filter(([field, value]) => !SECRET_KEY.test(field) && value !== REDACTED && field !== 'truncated' && !(before && field === 'version'))
      .map(([field, value]) => {
        const change: { field: string; value: unknown; before?: unknown } = { field: withoutNul(field), value: shortValue(field in parsed ? JSON.parse(redactedJson(parsed[field]) ?? 'null') : value) };
        // A versioned record's value before the change, when the field is one of its own (decision 055).
        if (before && Object.hasOwn(before, field)) change.before = shortValue(before[field]);
        return change;
      })
  );
}

/** The audited call's description, by its declared route. */
export function auditActionOf(method: string, route: string): AuditAction | undefined {
  return AUDIT_ACTIONS[`${method} ${route}`];
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? request.url;

/** The target's id from the path (the candidate of an election, else the thing itself). */
function pathTargetId(request: FastifyRequest, action: AuditAction | undefined): string | null {
  const params = (request.params ?? {}) as Record<string, string>;
  const param = action?.id && 'param' in action.id ? action.id.param : undefined;
  const raw = (param && params[param]) ?? params.candidateId ?? params.id ?? '';
  return withoutNul(String(raw)).slice(0, MAX_TARGET_CHARS) || null;
}

function nameFromBody(request: FastifyRequest, action: AuditAction | undefined): string | null {
  if (!action?.nameField) return null;
  const value = ((request.body ?? request.receivedBody) as Record<string, unknown> | undefined)?.[action.nameField];
  return typeof value === 'string' && value.trim() ? (shortValue(value.trim()) as string) : null;
}

interface EntryFacts {
  outcome: AuditOutcome;
  statusCode: number;
  targetId: string | null;
  targetName: string | null;
}

/** The body's details with what a handler acting on many things listed (the members a bulk action changed). */
function withSubject(details: unknown, subject: AuditSubject | null | undefined): unknown {
  if (!subject) return details;
  return { ...(details && typeof details === 'object' ? details : {}), ...subject.details };
}

function entryOf(request: FastifyRequest, action: AuditAction | undefined, facts: EntryFacts) {
  const route = routeOf(request);
  const sent = request.receivedBody ?? request.body;
  const denied = facts.outcome === 'denied';
  return {
    actor_id: request.user?.id ?? null,
    actor_name: request.user?.row.name ?? null,
    action: `${request.method} ${route}`,
    summary: action ? summaryOf(action, facts.outcome) : null,
    method: request.method,
    route,
    target_id: facts.targetId,
    target_type: action?.target ?? null,
    target_name: facts.targetName,
    outcome: facts.outcome,
    status_code: facts.statusCode,
    // A refused caller's body is not kept: they had no right to make it part of the record.
    details: denied ? null : withSubject(auditDetails(sent), request.auditSubject),
    changes: denied ? [] : changesOf(auditDetails(sent), request.body, facts.outcome === 'ok' ? request.auditBefore : undefined),
    ip: request.ip,
  };
}

/** Body fields that hold another record's id: the entry keeps that record's name, which a reader can use. */
const ID_FIELDS: Record<string, AuditTargetType> = {
  user_id: 'member',
  admin_role_id: 'role',
  session_id: 'session',
  election_id: 'election',
  event_id: 'event',
  candidate_id: 'candidate',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entry with each id field's value (and value before) written as the name of what it names, when there is one. */
async function withNames<T extends { changes: { field: string; value: unknown; before?: unknown }[] }>(db: Db | Tx, entry: T): Promise<T> {
  const named = [];
  for (const change of entry.changes) {
    const type = ID_FIELDS[change.field];
    const name = async (v: unknown) => (type && typeof v === 'string' && UUID.test(v) ? ((await targetName(db, type, v)) ?? v) : v);
    named.push({ ...change, value: await name(change.value), ...('before' in change ? { before: await name(change.before) } : {}) });
  }
  return { ...entry, changes: named };
}

/**
 * Records a call that changed nothing: refused (403, 'denied') or failed ('failed'). Written
 * outside any request transaction, so it stays although the request's change rolls back.
 */
export function recordAttempt(db: Db, request: FastifyRequest, attempt: { outcome: 'denied' | 'failed'; statusCode: number }) {
  return outsideRequestTransaction(async () => {
    const action = auditActionOf(request.method, routeOf(request));
    const targetId = pathTargetId(request, action);
    const name = nameFromBody(request, action) ?? (targetId && action?.target ? await targetName(db, action.target, targetId) : null);
    await insertAuditEntry(db, await withNames(db, entryOf(request, action, { ...attempt, targetId, targetName: name })));
  });
}

/**
 * Records a download of data (a CSV export): a read, but one the audit log keeps, with who
 * exported what and the filter used (in the entry's name, "search: ada, level: 300", and in its
 * details). Written on its own, before the file streams: a download cut short was still begun.
 */
export async function recordExport(db: Db, request: FastifyRequest, filter: Record<string, unknown>) {
  const action = auditActionOf(request.method, routeOf(request));
  const used = Object.entries(filter).filter(([, v]) => v !== undefined && v !== '');
  const name = used.length ? used.map(([k, v]) => `${k}: ${String(shortValue(v))}`).join(', ') : 'no filter';
  const entry = entryOf(request, action, { outcome: 'ok', statusCode: 200, targetId: null, targetName: withoutNul(name).slice(0, MAX_VALUE_CHARS) });
  await insertAuditEntry(db, { ...entry, details: auditDetails(Object.fromEntries(used)) });
}

/** A call its action marks as a read by a body field (a dry run): it changes nothing, so it is not audited. */
function isRead(request: FastifyRequest, action: AuditAction | undefined) {
  return !!action?.readWhen && (request.body as Record<string, unknown> | undefined)?.[action.readWhen] === true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the call's 'ok' entry committed with its change: no 'failed' entry follows. */
    auditWritten: boolean;
    /**
     * Set by a handler that acts on many things at once (a bulk action): the entry's target name
     * in words and the details it adds (who was changed), since no one row names them.
     */
    auditSubject: AuditSubject | null;
  }
}

export interface AuditSubject {
  name: string;
  details: Record<string, unknown>;
}

/**
 * Runs an audited write's handler in one transaction with its audit entry: the entry is written
 * after the handler succeeded and before the answer leaves, so a successful answer means the
 * entry is there, and a change that fails (or whose entry cannot be written) leaves neither.
 * The target's name is looked up before the change (a removed thing keeps its name) and after it
 * (a creation's new id, a rename's new name).
 */
export async function runAudited(db: Db, request: FastifyRequest, reply: FastifyReply, handler: () => unknown): Promise<unknown> {
  const action = auditActionOf(request.method, routeOf(request));
  if (isRead(request, action)) {
    request.auditWritten = true; // nothing to record, also when it fails
    return handler();
  }
  // A handler may answer with `return reply.status(201).send(...)`: the payload is held back
  // until the transaction committed. The stand-in answers undefined, not the reply: a reply is
  // thenable (it resolves once sent), so a handler's promise resolving to it would wait forever.
  let sent: { payload: unknown } | undefined;
  const own = reply as unknown as { send: (payload: unknown) => undefined };
  own.send = (payload: unknown) => void (sent = { payload });
  try {
    const value = await inRequestTransaction(db, async (tx: Tx) => {
      const pathId = pathTargetId(request, action);
      const before = pathId && action?.target ? await targetName(tx, action.target, pathId) : null;
      const result = await handler();
      const answer = (sent ? sent.payload : result) as Record<string, { id?: unknown } | undefined> | undefined;
      const answerKey = action?.id && 'answer' in action.id ? action.id.answer : undefined;
      const answerId = answerKey && typeof answer?.[answerKey]?.id === 'string' ? (answer[answerKey]!.id as string) : null;
      const targetId = answerId ?? pathId;
      const after = targetId && action?.target ? await targetName(tx, action.target, targetId) : null;
      const entry = entryOf(request, action, { outcome: 'ok', statusCode: reply.statusCode, targetId, targetName: request.auditSubject?.name ?? nameFromBody(request, action) ?? after ?? before });
      await insertAuditEntry(tx, await withNames(tx, entry));
      return result;
    });
    request.auditWritten = true; // committed
    return sent ? sent.payload : value;
  } finally {
    delete (own as { send?: unknown }).send; // the prototype's send again
  }
}

type ListedRow = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];

/**
 * One entry as the audit log answers it. Entries written before names were kept get what can be
 * derived: the act in words from their route, the changed fields from their stored body, the
 * actor's current name.
 */
export function toAuditEntry({ entry: e, current_actor_name }: ListedRow): AuditEntry {
  const action = auditActionOf(e.method, e.route);
  const targetType = e.target_type ?? action?.target ?? null;
  return {
    id: e.id,
    actor: e.actor_id || e.actor_name ? { id: e.actor_id, name: e.actor_name ?? current_actor_name ?? '' } : null,
    action: e.action,
    summary: e.summary ?? (action ? summaryOf(action, e.outcome) : e.action),
    method: e.method,
    route: e.route,
    target_id: e.target_id,
    target: targetType || e.target_id ? { type: targetType, id: e.target_id, name: e.target_name } : null,
    changes: e.changes ?? (e.outcome === 'denied' ? [] : changesOf(e.details, undefined)),
    outcome: e.outcome,
    status_code: e.status_code,
    details: e.details,
    ip: e.ip,
    created_at: e.created_at.toISOString(),
  };
}
