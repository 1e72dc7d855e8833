import type { MemberRoleBatchResponse } from '@aesa/shared/admin';
import { memberRoleBatchItemSchema } from '@aesa/shared/schemas/admin';
import { errorMessage } from '@aesa/shared/error-codes';
import { refusalOfIssue } from '@aesa/shared/schemas/coded';
import type { Db } from '../../db/client.ts';
import * as q from './member-roles-batch.queries.ts';

type Results = MemberRoleBatchResponse['results'];
type Row = Awaited<ReturnType<typeof q.insertRole>>;

/**
 * Applies a batch of role assignments (Data Management's Batch Update). Each item is validated and
 * written on its own (its own transaction): one bad item is reported in `failed` and the others
 * still apply. An item updates the member's role of the same name (case-insensitive) when there
 * is one, else inserts it. Defaults come from the shared item schema.
 */
export async function applyBatch(db: Db, items: unknown[], now: Date, logError: (err: unknown) => void) {
  const results = { updated: [] as Row[], inserted: [] as Row[], failed: [] as Results['failed'] };
  for (const raw of items) {
    const parsed = memberRoleBatchItemSchema.safeParse(raw ?? {});
    if (!parsed.success) {
      const { code, message, params } = refusalOfIssue(parsed.error.issues[0]);
      results.failed.push({ item: raw, error: message, code, ...(params.length ? { params: params as string[] } : {}) });
      continue;
    }
    const item = parsed.data;
    try {
      const outcome = await db.transaction(async (tx) => {
        await q.lockMember(tx, item.user_id);
        if (!(await q.userExists(tx, item.user_id))) return null;
        const existing = await q.findRoleByName(tx, item.user_id, item.role_name);
        if (existing) return { kind: 'updated' as const, row: await q.updateRole(tx, existing, item, now) };
        return { kind: 'inserted' as const, row: await q.insertRole(tx, item, now) };
      });
      if (!outcome) results.failed.push({ item: raw, error: errorMessage('MEMBER_NOT_FOUND'), code: 'MEMBER_NOT_FOUND' });
      else results[outcome.kind].push(outcome.row);
    } catch (err) {
      // Reported with the item, so the admin sees exactly which ones did not apply.
      logError(err);
      results.failed.push({ item: raw, error: 'Could not save this role. Please try again.', code: 'INTERNAL' });
    }
  }
  return results;
}
