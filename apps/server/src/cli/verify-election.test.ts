import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { boardJsonText, recordJsonText } from '@aesa/shared/election-record';
import { finishedElection } from '@aesa/shared/testing/election-fixture';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-election-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run verify-election -- record board`, as a member would run it on downloaded files. */
async function verify(recordText: string, boardText: string) {
  const record = path.join(dir, 'record.json');
  const board = path.join(dir, 'board.json');
  fs.writeFileSync(record, recordText);
  fs.writeFileSync(board, boardText);
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'verify-election', '--', record, board], { cwd: root });
    return { code: 0, out: stdout.trim() };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}`.trim() };
  }
}

describe('npm run verify-election', () => {
  it('prints OK and exits 0 for untouched files; prints the first mismatch and exits 1 for a tampered board', async () => {
    const { record, board } = await finishedElection();
    const ok = await verify(recordJsonText(record), boardJsonText(board));
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^OK: 16 record entries, 4 ballots, totals equal to the published results; head [0-9a-f]{64}$/m);

    board.ballots[0]!.candidate_id = board.ballots[1]!.candidate_id;
    const bad = await verify(recordJsonText(record), boardJsonText(board));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/MISMATCH: Totals: President, Amaka Obi: 1 on the board, 2 in the published results/);
  }, 60_000);

  it('exits 1 with a clear line for a file that is not JSON', async () => {
    const res = await verify('not json', '{}');
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/MISMATCH: the record .* is not JSON/);
  }, 60_000);
});
