// npm run verify-election -- <record.json> <board.json> [roll.txt]
// Checks an election's downloaded record and bulletin board with the same code the board page
// runs in the browser (packages/shared/src/election-record.ts): the hash chain, the ballot count
// against the participation count, every board receipt against the record's ballot entries, and
// the totals counted from the board against the published tallies; given the roll's member ids
// (one uuid a line, as the Electoral Committee may share them after the close), their
// fingerprint under the election's voter rule against the roll's. Prints OK or the first
// mismatch; exit code 0 for OK, 1 otherwise. Needs no database and no network.
import { readFileSync } from 'node:fs';
import { verifyElection, type BoardFile, type ElectionRecordFile } from '@aesa/shared/election-record';

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read the ${what} ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the ${what} ${path} is not JSON`);
  }
}

function readRoll(path: string): string[] {
  try {
    return readFileSync(path, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  } catch (err) {
    throw new Error(`cannot read the roll ${path}: ${(err as Error).message}`);
  }
}

async function verifyFiles(recordPath: string, boardPath: string, rollPath?: string): Promise<{ ok: boolean; line: string }> {
  const record = readJson(recordPath, 'record') as ElectionRecordFile;
  const board = readJson(boardPath, 'board') as BoardFile;
  const result = await verifyElection(record, board, rollPath ? readRoll(rollPath) : undefined);
  return result.ok
    ? { ok: true, line: `OK: ${result.entries} record entries, ${result.ballots} ballots, totals equal to the published results; head ${result.head}` }
    : { ok: false, line: `MISMATCH: ${result.problem}` };
}

const [recordPath, boardPath, rollPath] = process.argv.slice(2);
if (!recordPath || !boardPath) {
  console.error('usage: npm run verify-election -- <record.json> <board.json> [roll.txt]');
  process.exit(1);
}
try {
  const { ok, line } = await verifyFiles(recordPath, boardPath, rollPath);
  (ok ? console.log : console.error)(line);
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error(`MISMATCH: ${(err as Error).message}`);
  process.exit(1);
}
