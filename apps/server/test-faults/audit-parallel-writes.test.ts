import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../test/support/use-test-app.ts';
import { signedInAdmin } from '../test/support/factories.ts';
import { listenForStrangers, rawRequest } from './support/stranger.ts';

// Attack: an officer's script (or a double-clicking officer on a bad network) fires the same
// admin write many times at once, hoping for a change the audit log does not show, or an audit
// entry for a change that never happened. The entry is written in the change's own transaction:
// exactly one change, exactly one entry that says it happened, and the refused copies recorded
// as refusals, never as changes. Over TCP from the stranger's network namespace (support/netns.ts).

const t = useTestApp();
const tcp = listenForStrangers(t);

const count = async (query: ReturnType<typeof sql>) => (await t.app.db.execute<{ n: number }>(query)).rows[0]!.n;

describe('parallel audited writes', () => {
  it('twenty parallel creations of one role: one role, one entry that it was created, the rest refused and not logged as changes', async () => {
    const admin = await signedInAdmin(t.app, ['is_super_admin']);
    const name = `Race Role ${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        rawRequest(tcp.port, { method: 'POST', path: '/api/admin/roles', headers: admin.headers, body: { role_name: name, description: 'parallel', is_event_admin: true } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);

    expect(await count(sql`select count(*)::int as n from admin_roles where role_name = ${name}`)).toBe(1);
    // The one change, named, with the actor: present the moment the answers are in.
    expect(await count(sql`select count(*)::int as n from audit_log where outcome = 'ok' and route = '/api/admin/roles' and method = 'POST' and target_name = ${name}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from audit_log where outcome = 'ok' and route = '/api/admin/roles' and method = 'POST' and actor_id = ${admin.user.id}`)).toBe(1);
  });
});
