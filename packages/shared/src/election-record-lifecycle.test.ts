import { describe, expect, it } from 'vitest';
import { BOARD_FORMAT, RECORD_FORMAT, verifyElection, type ElectionRecordFile, type Json, type RecordKind } from './election-record.ts';
import { BALLOTS, chain, ELECTION_ID, finishedItems } from './testing/election-fixture.ts';

// The lifecycle's entries once voting has opened (decision 056): `extended`, `closed_early` and
// `archived`, as the verifier accepts and checks them.

type Item = { kind: RecordKind; payload: Json };
const END = '2026-03-01T18:00:00.000Z';
const board = { format: BOARD_FORMAT, election_id: ELECTION_ID, title: 'General Elections 2026', ballots: structuredClone(BALLOTS) } as const;

/**
 * The fixture's finished election without its lifecycle entries (ended on time, not archived),
 * changed by `edit`, chained as the server would chain it.
 */
async function recordOf(edit: (items: Item[]) => void): Promise<ElectionRecordFile> {
  const items = (await finishedItems()).filter((i) => !['extended', 'closed_early', 'archived'].includes(i.kind));
  (items.find((i) => i.kind === 'closed')!.payload as Record<string, Json>).reason = 'ended';
  edit(items);
  return { format: RECORD_FORMAT, election_id: ELECTION_ID, entries: await chain(items) };
}
const at = (items: Item[], kind: RecordKind) => items.findIndex((i) => i.kind === kind);
const afterOpened = (items: Item[], ...add: Item[]) => void items.splice(at(items, 'opened') + 1, 0, ...add);
const closedPayload = (items: Item[]) => items[at(items, 'closed')]!.payload as Record<string, Json>;
const extended = (old_end_time: string, new_end_time: string): Item => ({ kind: 'extended', payload: { old_end_time, new_end_time } });
const closedEarly = (end_time: string, closed_at: string): Item => ({ kind: 'closed_early', payload: { end_time, closed_at } });
const problem = async (edit: (items: Item[]) => void) => {
  const r = await verifyElection(await recordOf(edit), structuredClone(board));
  return r.ok ? 'OK' : r.problem;
};

describe('the verifier and the lifecycle entries', () => {
  it('accepts extensions, an early close and an archive where they belong, with the board', async () => {
    const record = await recordOf((items) => {
      afterOpened(items, extended(END, '2026-03-01T20:00:00.000Z'), extended('2026-03-01T20:00:00.000Z', '2026-03-01T21:00:00.000Z'), closedEarly('2026-03-01T21:00:00.000Z', '2026-03-01T19:30:00.000Z'));
      closedPayload(items).reason = 'closed early';
      items.push({ kind: 'archived', payload: {} });
    });
    expect(await verifyElection(record, structuredClone(board))).toEqual({ ok: true, ballots: 4, entries: record.entries.length, head: record.entries.at(-1)!.hash });
  });

  it('an extension holds the old and the new end, later, from the end the record held, while voting is open', async () => {
    expect(await problem((items) => afterOpened(items, { kind: 'extended', payload: { new_end_time: '2026-03-01T20:00:00.000Z' } }))).toMatch(/\(extended\): it must hold the old and the new end time$/);
    expect(await problem((items) => afterOpened(items, extended(END, '2026-03-01T17:00:00.000Z')))).toMatch(/\(extended\): the new end is not later than the old one$/);
    // A quiet change of the end (not in the record) shows as a gap between the record's end and the extension's.
    expect(await problem((items) => afterOpened(items, extended('2026-03-01T19:00:00.000Z', '2026-03-01T20:00:00.000Z')))).toMatch(/its old end is not the end the record held before it$/);
    expect(await problem((items) => items.splice(1, 0, extended(END, '2026-03-01T20:00:00.000Z')))).toMatch(/voting can only be extended while it is open/);
    expect(await problem((items) => items.splice(at(items, 'closed') + 1, 0, extended(END, '2026-03-01T20:00:00.000Z')))).toMatch(/voting can only be extended while it is open/);
  });

  it('an early close holds the scheduled end and the moment, before the end, while open, and the close says so', async () => {
    const early = closedEarly(END, '2026-03-01T17:00:00.000Z');
    expect(await problem((items) => afterOpened(items, early))).toMatch(/\(closed_early\): the closed entry does not say voting was closed early$/);
    expect(
      await problem((items) => {
        afterOpened(items, closedEarly(END, '2026-03-01T19:00:00.000Z'));
        closedPayload(items).reason = 'closed early';
      }),
    ).toMatch(/voting was closed after its scheduled end, not early$/);
    expect(
      await problem((items) => {
        afterOpened(items, { kind: 'closed_early', payload: { end_time: END } });
        closedPayload(items).reason = 'closed early';
      }),
    ).toMatch(/it must hold the scheduled end and the moment voting was closed$/);
    expect(
      await problem((items) => {
        afterOpened(items, early, early);
        closedPayload(items).reason = 'closed early';
      }),
    ).toBe('The record is closed early more than once');
    expect(
      await problem((items) => {
        items.splice(1, 0, early);
        closedPayload(items).reason = 'closed early';
      }),
    ).toMatch(/voting can only be closed early while it is open/);
  });

  it('an archive comes after the close, once', async () => {
    expect(await problem((items) => afterOpened(items, { kind: 'archived', payload: {} }))).toMatch(/\(archived\): an election is archived only after voting closed$/);
    expect(await problem((items) => items.push({ kind: 'archived', payload: {} }, { kind: 'archived', payload: {} }))).toBe('The record is archived more than once');
  });
});
