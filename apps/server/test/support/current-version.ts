import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminRoles, adminUsers, articleSubmissions, articles, candidates, elections, events, executives, memberRoles, users } from '../../src/db/schema.ts';

// A change or delete of a versioned record names the version it was made from (decision 054).
// Tests written before versions existed make their changes as an officer does after opening
// the record: this reads the record's version as it is at that moment and gives it as If-Match.
// A test of the conflicts themselves (edit-conflicts.test.ts) sends its versions by hand.

const ROUTES: [RegExp, { id: typeof events.id; version: typeof events.version }][] = [
  [/^\/api\/elections\/[^/]+\/candidates\/([^/?]+)$/, candidates],
  [/^\/api\/elections\/([^/?]+)$/, elections],
  [/^\/api\/admin\/events\/([^/?]+)$/, events],
  [/^\/api\/admin\/roles\/([^/?]+)$/, adminRoles],
  [/^\/api\/admin\/users\/([^/?]+)$/, adminUsers],
  [/^\/api\/admin\/member-roles\/([^/?]+)$/, memberRoles],
  [/^\/api\/admin\/members\/([^/?]+)$/, users],
  [/^\/api\/admin\/executives\/([^/?]+)$/, executives],
  [/^\/api\/admin\/editorial\/articles\/([^/?]+)$/, articles],
  [/^\/api\/admin\/editorial\/article-submissions\/([^/?]+)\/status$/, articleSubmissions],
] as never;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{ 'if-match': '"<version>"' }` for the record a change URL names, or nothing when there is no such record. */
export async function currentVersion(app: FastifyInstance, url: string): Promise<Record<string, string>> {
  for (const [pattern, table] of ROUTES) {
    const id = pattern.exec(url)?.[1];
    if (!id) continue;
    if (!UUID.test(id)) return {};
    const [row] = (await app.db.select({ version: table.version }).from(table as never).where(eq(table.id, id))) as { version: number }[];
    return row ? { 'if-match': `"${row.version}"` } : {};
  }
  return {};
}
