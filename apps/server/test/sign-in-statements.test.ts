import pg from 'pg';
import { expect, it } from 'vitest';
import { createMember, login } from './support/factories.ts';
import { useTestApp } from './support/use-test-app.ts';

// A sign-in's work besides its password check is database round trips: during an election's
// opening every member signs in at once, and each statement costs the app and PostgreSQL CPU that
// the password checks and the votes need. The counted try is one call (migration 0032) and the
// new session comes back with its user in the same statement.

const t = useTestApp();

it('a sign-in sends six statements: the limiter, the account, the counted try, its withdrawal, the second-factor check, the session', async () => {
  const member = await createMember(t.app);
  await login(t.app, member.matric_number); // the first one warms the process (the hashing thread, the limiter's row)

  const seen: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const c = config as string | { name?: string; text?: string };
    seen.push((typeof c === 'string' ? c : (c.name ?? c.text ?? '')).replace(/\s+/g, ' ').trim());
    return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof query;
  try {
    await login(t.app, member.matric_number);
  } finally {
    pg.Client.prototype.query = query;
  }
  expect(seen).toHaveLength(6);
  expect(seen[0]).toMatch(/^insert into rate_limit_hits /);
  expect(seen[1]).toMatch(/^select "id", "password_hash" from "users"/);
  expect(seen[2]).toMatch(/^select refused, attempt_id from aesa_count_secret_attempt\(/);
  expect(seen[3]).toMatch(/^delete from "login_failures" where "login_failures"\."id" = \$1$/);
  expect(seen[4]).toMatch(/from "user_totp"/);
  expect(seen[5]).toMatch(/^with s as \( insert into sessions .* select u\.id, /);
});
