import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, versionOfIfMatch } from '@aesa/shared/edit-version';
import type { ErrorCode } from '@aesa/shared/error-codes';
import type { LastChange } from '@aesa/shared/schemas/edit-version';
import type { AuditTargetType } from '../modules/audit/audit-actions.ts';
import { lastChangeOf } from '../modules/audit/audit.queries.ts';
import { AppError, fail } from './app-error.ts';
import type { Executor } from '../db/tx.ts';

// Optimistic concurrency for the records admins edit (decision 054). A read gives the record's
// version (and a single read an ETag); a change or delete names the version it was made from
// (If-Match or `version` in the body); the UPDATE raises the version in the same statement,
// guarded by `where id = $1 and version = $2`, so of two saves made from one version exactly one
// succeeds, and the other is answered 409 EDIT_CONFLICT with the record as it is now and who
// saved it last. No lock is held while an officer edits.

declare module 'fastify' {
  interface FastifyRequest {
    /** The versioned record as it was before this request changed it: the audit entry keeps each field's old value (decision 055). */
    auditBefore?: Record<string, unknown>;
  }
}

interface Versioned {
  version: number;
}

/** 409 EDIT_CONFLICT: carries the current record and its last change; the error plugin sends both. */
export class EditConflict extends AppError {
  constructor(
    readonly current: unknown,
    readonly lastChange: LastChange | null,
  ) {
    super('EDIT_CONFLICT', fail('EDIT_CONFLICT').message);
  }
}

/**
 * The version a change or delete was made from: `If-Match: "<n>"` or `version` in the body (when
 * both, they must agree). None: 428 VERSION_REQUIRED; a malformed one: 400 VERSION_INVALID.
 */
export function expectedVersion(request: FastifyRequest): number {
  const header = versionOfIfMatch(request.headers['if-match']);
  const body = request.body && typeof request.body === 'object' ? (request.body as { version?: unknown }).version : undefined;
  if (header === 'invalid') throw fail('VERSION_INVALID');
  if (body !== undefined && (typeof body !== 'number' || !Number.isInteger(body) || body < 1)) throw fail('VERSION_INVALID');
  if (header !== null && body !== undefined && header !== body) throw fail('VERSION_INVALID');
  const version = header ?? (body as number | undefined);
  if (version === undefined) throw fail('VERSION_REQUIRED');
  return version;
}

/** A single-record read or change: its version as the ETag, which a client sends back as If-Match. */
export function setETag<T extends Versioned>(reply: FastifyReply, row: T): T {
  reply.header('ETag', etagOf(row.version));
  return row;
}

/** The 409 for a change made from an older version: the record as it is now, and who saved it last. */
export async function editConflict(db: Executor, target: AuditTargetType, id: string, current: unknown): Promise<EditConflict> {
  const last = await lastChangeOf(db, target, id);
  return new EditConflict(current, last ? { by: last.actor_name ? { id: last.actor_id, name: last.actor_name } : null, at: last.at } : null);
}

async function conflict(request: FastifyRequest, target: AuditTargetType, id: string, current: unknown): Promise<never> {
  throw await editConflict(request.server.db, target, id, current);
}

export interface VersionedEdit<Row extends Versioned> {
  /** The audit target type of the record (its last change is looked up by it). */
  target: AuditTargetType;
  id: string;
  /** The record as it is now (through the same columns as the route's answer), or null when there is none. */
  read: () => Promise<Row | null>;
  /** The code when there is no such record. */
  notFound: ErrorCode;
}

/**
 * Changes a versioned record: `write(expected)` runs the guarded UPDATE (`... version = version + 1
 * where id = $1 and version = $2`) and returns the changed row, or null when no row matched.
 * No row and a record that exists: 409 EDIT_CONFLICT with the current record; no record: 404.
 * The old record goes to the audit entry (before and after), the new version to the ETag.
 */
export async function editVersioned<Row extends Versioned>(request: FastifyRequest, reply: FastifyReply, edit: VersionedEdit<Row>, write: (expected: number) => Promise<Row | null>): Promise<Row> {
  // An unknown record is 404 whatever was sent; a known one needs the version.
  const before = await edit.read();
  if (!before) throw fail(edit.notFound as never);
  const expected = expectedVersion(request);
  if (before.version !== expected) return conflict(request, edit.target, edit.id, before);
  const after = await write(expected);
  if (!after) {
    // Another save committed between the read and the UPDATE (it waited for that row lock).
    const now = await edit.read();
    if (!now) throw fail(edit.notFound as never);
    return conflict(request, edit.target, edit.id, now);
  }
  request.auditBefore = before as unknown as Record<string, unknown>;
  return setETag(reply, after);
}

/**
 * Deletes (or otherwise ends) a versioned record: `remove(expected)` deletes it only at that
 * version and says whether it did. Another version: 409 with the current record; none: 404.
 */
export async function removeVersioned<Row extends Versioned>(request: FastifyRequest, edit: VersionedEdit<Row>, remove: (expected: number) => Promise<boolean>): Promise<void> {
  const before = await edit.read();
  if (!before) throw fail(edit.notFound as never);
  const expected = expectedVersion(request);
  if (before.version !== expected) return conflict(request, edit.target, edit.id, before);
  if (await remove(expected)) return;
  const now = await edit.read();
  if (!now) throw fail(edit.notFound as never);
  return conflict(request, edit.target, edit.id, now);
}
