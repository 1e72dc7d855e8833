import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BOARD_TEXT, RECORD_MSG } from '@aesa/shared/election-record';
import { RECEIPT_MSG } from '@aesa/shared/receipts';
import { bearer, theSuperAdmin, tokenOf } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { expectAccessibleAtBothWidths } from './support/page-checks.ts';

// The bulletin board: before the final results it says when it appears; after, it lists every
// ballot, counts the totals in the browser equal to the results, says OK from the verifier, finds
// a receipt, and its downloads pass `npm run verify-election` on this machine.

const run = promisify(execFile);
const names = { ada: 'Ada Board', bayo: 'Bayo Board', chi: 'Chi Board' };

test.describe('the bulletin board', { tag: '@voting' }, () => {
  test('after the final results: the ballots, totals equal to the results, OK, a receipt found, downloads that verify', async ({ page, request, election: newElection, createAccount }) => {
    test.setTimeout(240_000);
    // The voters exist before voting opens: the roll is frozen then.
    const voters = await Promise.all([0, 1, 2].map(() => createAccount({ verified: true })));
    const election = await newElection({ positions: { President: [names.ada, names.bayo], Treasurer: [names.chi] } });
    const receipts: string[] = [];
    const choices = [names.ada, names.ada, names.bayo];
    for (const [i, voter] of voters.entries()) {
      const { token } = await tokenOf(request, voter);
      for (const name of [choices[i]!, ...(i === 0 ? [names.chi] : [])]) {
        const c = election.candidate(name);
        const res = await request.post(`/api/voting/elections/${election.id}/vote`, { headers: bearer(token), data: { candidate_id: c.candidateId, position: c.position } });
        expect(res.ok(), await res.text()).toBe(true);
        receipts.push(((await res.json()) as { receipt: string }).receipt);
      }
    }

    await test.step('before the final results the page says when the board appears', async () => {
      await page.goto(`/elections/${election.id}/board`);
      await expect(page.getByText(RECORD_MSG.boardNotPublished)).toBeVisible();
    });

    // The committee closes voting now and publishes the final results.
    const { token: adminToken } = await theSuperAdmin(request);
    const ended = await request.post(`/api/elections/${election.id}/close-voting`, { headers: bearer(adminToken) });
    expect(ended.ok(), await ended.text()).toBe(true);
    const published = await request.post(`/api/elections/${election.id}/publish-final-results`, { headers: bearer(adminToken) });
    expect(published.ok(), await published.text()).toBe(true);

    await test.step('the elections page tells a voter they are on the roll, shows the record at close and links to the board', async () => {
      await signInAs(page, voters[0]!);
      await page.goto('/elections');
      const facts = page.locator(`li[data-election-id="${election.id}"]`);
      await expect(facts.locator('[data-on-roll="true"]')).toHaveText(BOARD_TEXT.onRoll);
      await expect(facts.locator('[data-roll-fingerprint]')).toHaveText(/^[0-9a-f]{64}$/);
      await expect(facts.locator('[data-closed-hash]')).toHaveText(/^[0-9a-f]{64}$/);
      await facts.getByRole('link', { name: BOARD_TEXT.boardLink }).click();
      await expect(page).toHaveURL(new RegExp(`/elections/${election.id}/board$`));
    });

    await test.step('the verifier says OK and the totals counted here equal the published results', async () => {
      await expect(page.getByTestId('board-verdict').locator('[data-verdict="ok"]')).toHaveText('OK');
      const results = (await (await request.get(`/api/voting/elections/${election.id}/results`)).json()) as {
        results: { position: string; candidates: { candidate_id: string; votes: number }[] }[];
      };
      for (const position of results.results) {
        for (const c of position.candidates) {
          const row = page.locator(`table[data-position="${position.position}"] tr[data-candidate-id="${c.candidate_id}"]`);
          await expect(row.locator('[data-counted]')).toHaveText(String(c.votes));
          await expect(row.locator('[data-official]')).toHaveText(String(c.votes));
        }
      }
      await expect(page.locator('tr[data-receipt]')).toHaveCount(receipts.length);
    });

    await test.step('Find my receipt: typed in lower case without dashes, it is found', async () => {
      await page.getByLabel(BOARD_TEXT.findLabel).fill(receipts[0]!.toLowerCase().replaceAll('-', ' '));
      await page.getByRole('button', { name: BOARD_TEXT.findButton, exact: true }).click();
      await expect(page.getByTestId('receipt-answer')).toHaveText(BOARD_TEXT.found('President', names.ada));
      await page.getByLabel(BOARD_TEXT.findLabel).fill('ZZZZ-ZZZZ-ZZZZ');
      await page.getByRole('button', { name: BOARD_TEXT.findButton, exact: true }).click();
      await expect(page.getByTestId('receipt-answer')).toHaveText(BOARD_TEXT.notFound);
      // Not a receipt at all (an O and a 0 are never in one): said under the field, from the shared rule.
      await page.getByLabel(BOARD_TEXT.findLabel).fill('K7QF-2M9C-XW4O');
      await page.getByRole('button', { name: BOARD_TEXT.findButton, exact: true }).click();
      await expect(page.getByText(RECEIPT_MSG.invalid)).toBeVisible();
      await expect(page.getByLabel(BOARD_TEXT.findLabel)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('receipt-answer')).toHaveText('');
    });

    await test.step('the downloads carry the SHA-256 shown, and npm run verify-election says OK on them', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-e2e-'));
      try {
        const save = async (label: string, file: string) => {
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${label}` }).click()]);
          const target = path.join(dir, file);
          await download.saveAs(target);
          const shown = await page.locator(`[data-sha256="${download.suggestedFilename()}"]`).textContent();
          expect(createHash('sha256').update(fs.readFileSync(target)).digest('hex')).toBe(shown);
          return target;
        };
        const board = await save('Board (JSON)', 'board.json');
        await save('Board (CSV)', 'board.csv');
        const record = await save('Election record (JSON)', 'record.json');
        const { stdout } = await run('node', ['--import', 'tsx', 'apps/server/src/cli/verify-election.ts', record, board], { cwd: path.resolve(import.meta.dirname, '..') });
        expect(stdout).toMatch(/^OK: /);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    await expectAccessibleAtBothWidths(page, 'bulletin board');
  });
});
