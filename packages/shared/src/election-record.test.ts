import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  boardCsvText,
  canonicalJson,
  csvCell,
  RECORD_FORMAT,
  RECORD_KINDS,
  receiptHash,
  rollFingerprint,
  rollFingerprintInput,
  sha256Hex,
  verifyElection,
  type ElectionRecordFile,
  type Json,
  type RecordKind,
} from './election-record.ts';
import { BALLOTS, chain, ELECTION_ID, finishedElection, finishedItems, TALLIES } from './testing/election-fixture.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the canonical form and the hashes', () => {
  it('sorts keys at every depth, keeps array order, writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }, 2], e: undefined })).toBe('{"a":[{"c":null,"d":"x"},2],"b":1}');
    expect(canonicalJson('é"\n')).toBe(JSON.stringify('é"\n'));
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
  });

  it('WebCrypto SHA-256 equals Node\'s, over UTF-8', async () => {
    for (const text of ['', 'abc', 'Amaka Ọbị — ✓']) expect(await sha256Hex(text)).toBe(nodeSha256(text));
  });

  it('the roll fingerprint is SHA-256 of the salt, a line feed and the sorted lower-case ids joined by line feeds', async () => {
    const ids = ['B0000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000000'];
    expect(rollFingerprintInput(ids, 'salt')).toBe('salt\na0000000-0000-4000-8000-000000000000\nb0000000-0000-4000-8000-000000000000');
    expect(await rollFingerprint(ids, 'salt')).toBe(nodeSha256('salt\na0000000-0000-4000-8000-000000000000\nb0000000-0000-4000-8000-000000000000'));
    expect(await rollFingerprint([...ids].reverse(), 'salt')).toBe(await rollFingerprint(ids, 'salt'));
    expect(await rollFingerprint(ids, 'other')).not.toBe(await rollFingerprint(ids, 'salt'));
  });

  it('a CSV cell is quoted when needed and never starts a formula', () => {
    expect(csvCell('Obi, Amaka')).toBe('"Obi, Amaka"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(boardCsvText({ format: 'aesa-election-board/1', election_id: ELECTION_ID, title: 't', ballots: BALLOTS.slice(0, 1) })).toBe(
      `receipt,position,candidate_id,candidate_name\r\n2222-AAAA-BBBB,President,${BALLOTS[0]!.candidate_id},Amaka Obi\r\n`,
    );
  });
});

describe('the verifier', () => {
  it('says OK for an untouched record and board', async () => {
    const { record, board } = await finishedElection();
    expect(await verifyElection(record, board)).toEqual({ ok: true, ballots: 4, entries: record.entries.length, head: record.entries.at(-1)!.hash });
    // Every kind appears once at least in the fixture, so the tamper tests below cover them all.
    expect(new Set(record.entries.map((e) => e.kind))).toEqual(new Set(RECORD_KINDS));
  });

  // For each kind of entry: change its contents in the downloaded record.
  const changes: Record<RecordKind, (p: Record<string, Json>) => void> = {
    created: (p) => void (p.end_time = '2026-03-02T18:00:00.000Z'),
    edited: (p) => void (p.changes = { title: 'Other' }),
    candidate_added: (p) => void (p.position = 'Treasurer'),
    candidate_edited: (p) => void (p.changes = {}),
    candidate_removed: (p) => void (p.candidate_name = 'Someone'),
    roll_frozen: (p) => void (p.size = 11),
    opened: (p) => void (p.at = 'now'),
    ballot: (p) => void (p.receipt_hash = 'c'.repeat(64)),
    closed: (p) => void (p.participation_count = 99),
    results_published: (p) => void ((p.tallies as { candidates: { votes: number }[] }[])[0]!.candidates[0]!.votes = 3),
    extended: (p) => void (p.new_end_time = '2026-03-01T23:00:00.000Z'),
    closed_early: (p) => void (p.closed_at = '2026-03-01T18:30:00.000Z'),
    archived: (p) => void (p.by = 'someone'),
  };

  it.each(RECORD_KINDS)('catches a changed %s entry: its hash no longer matches', async (kind) => {
    const { record, board } = await finishedElection();
    const i = record.entries.findIndex((e) => e.kind === kind);
    changes[kind](record.entries[i]!.payload as Record<string, Json>);
    expect(await verifyElection(record, board)).toEqual({ ok: false, problem: `Entry ${i + 1} (${kind}): its hash does not match its contents` });
  });

  it('catches a changed hash, time or number, and a broken link', async () => {
    const { record } = await finishedElection();
    const cases: [(r: ElectionRecordFile) => void, string][] = [
      [(r) => void (r.entries[2]!.recorded_at = '2026-03-01T09:00:00.000Z'), 'Entry 3 (candidate_added): its hash does not match its contents'],
      [(r) => void (r.entries[2]!.hash = 'd'.repeat(64)), 'Entry 3 (candidate_added): its hash does not match its contents'],
      [(r) => void (r.entries[3]!.prev_hash = 'd'.repeat(64)), 'Entry 4 (candidate_edited): its previous hash does not match the hash of the entry before it'],
      [(r) => void r.entries.splice(1, 1), 'Entry 2: its number is 3, expected 2 (an entry was dropped, added or moved)'],
      [(r) => void (r.election_id = '00000000-0000-4000-8000-000000000000'), 'Entry 1 (created): its hash does not match its contents'],
    ];
    for (const [tamper, problem] of cases) {
      const copy = structuredClone(record);
      tamper(copy);
      expect(await verifyElection(copy)).toEqual({ ok: false, problem });
    }
  });

  /** A tamperer who rewrites the whole chain after the change: the other checks catch it. */
  async function rechained(edit: (items: { kind: RecordKind; payload: Json }[]) => void) {
    const { board } = await finishedElection();
    const items = await finishedItems();
    edit(items);
    return { record: { format: RECORD_FORMAT, election_id: ELECTION_ID, entries: await chain(items) } as ElectionRecordFile, board };
  }

  it('catches a dropped or added ballot entry even when the chain is rewritten, by the counts', async () => {
    const dropped = await rechained((items) => void items.splice(items.findIndex((i) => i.kind === 'ballot'), 1));
    expect(await verifyElection(dropped.record, dropped.board)).toEqual({ ok: false, problem: expect.stringMatching(/^Entry \d+ \(closed\): it counts 4 ballots, the record holds 3 ballot entries$/) });
    const added = await rechained((items) => {
      const at = items.findIndex((i) => i.kind === 'closed');
      items.splice(at, 0, { kind: 'ballot', payload: { receipt_hash: 'f'.repeat(64) } });
    });
    expect(await verifyElection(added.record, added.board)).toEqual({ ok: false, problem: expect.stringMatching(/it counts 4 ballots, the record holds 5 ballot entries$/) });
    // ... and when the counts are rewritten too, by the participations.
    const both = await rechained((items) => {
      items.splice(items.findIndex((i) => i.kind === 'closed'), 0, { kind: 'ballot', payload: { receipt_hash: 'f'.repeat(64) } });
      (items.find((i) => i.kind === 'closed')!.payload as Record<string, Json>).ballot_count = 5;
    });
    expect(await verifyElection(both.record, both.board)).toEqual({ ok: false, problem: expect.stringMatching(/\(closed\): 5 ballots but 4 participations$/) });
    // ... and when those are rewritten as well, by the board: a ballot entry with no receipt on it.
    const all = await rechained((items) => {
      items.splice(items.findIndex((i) => i.kind === 'closed'), 0, { kind: 'ballot', payload: { receipt_hash: 'f'.repeat(64) } });
      Object.assign(items.find((i) => i.kind === 'closed')!.payload as Record<string, Json>, { ballot_count: 5, participation_count: 5 });
    });
    expect(await verifyElection(all.record, all.board)).toEqual({ ok: false, problem: 'The board lists 4 ballots, the record holds 5 ballot entries' });
  });

  it('catches ballot entries out of receipt-hash order (the vote order would show) or outside voting', async () => {
    const swapped = await rechained((items) => {
      const a = items.findIndex((i) => i.kind === 'ballot');
      [items[a], items[a + 1]] = [items[a + 1]!, items[a]!];
    });
    expect((await verifyElection(swapped.record)).ok).toBe(false);
    expect(await verifyElection(swapped.record)).toMatchObject({ problem: expect.stringContaining('not in ascending receipt-hash order') });
    const early = await rechained((items) => {
      const b = items.splice(items.findIndex((i) => i.kind === 'ballot'), 1)[0]!;
      items.splice(1, 0, b);
    });
    expect(await verifyElection(early.record)).toMatchObject({ ok: false, problem: expect.stringContaining('outside voting') });
  });

  it('catches rewritten final tallies by the totals counted from the board', async () => {
    const { record, board } = await rechained((items) => {
      const p = items.find((i) => i.kind === 'results_published')!.payload as { tallies: typeof TALLIES };
      p.tallies[0]!.candidates[1]!.votes = 2;
    });
    expect(await verifyElection(record, board)).toEqual({ ok: false, problem: 'Totals: President, Bayo Adeyemi: 1 on the board, 2 in the published results' });
  });

  it('catches a changed, dropped or added board row', async () => {
    const { record, board } = await finishedElection();
    const cases: [(b: typeof board) => void, string][] = [
      [(b) => void (b.ballots[1]!.candidate_id = BALLOTS[0]!.candidate_id), 'Totals: President, Amaka Obi: 3 on the board, 2 in the published results'],
      [(b) => void (b.ballots[1]!.receipt = '3333-CCCC-DDDE'), 'Board row 2 (3333-CCCC-DDDE): this receipt is not in the record'],
      [(b) => void b.ballots.splice(2, 1), 'The board lists 3 ballots, the record holds 4 ballot entries'],
      [(b) => void b.ballots.push({ ...b.ballots[0]!, receipt: '9999-ZZZZ-ZZZZ' }), 'Board row 5 (9999-ZZZZ-ZZZZ): this receipt is not in the record'],
      [(b) => void b.ballots.push({ ...b.ballots[3]! }), 'Board row 5 (5555-GGGG-HHHH): the rows are not in receipt order (or a receipt is repeated)'],
      [(b) => void (b.election_id = '00000000-0000-4000-8000-000000000000'), 'The board is of another election than the record'],
    ];
    for (const [tamper, problem] of cases) {
      const copy = structuredClone(board);
      tamper(copy);
      expect(await verifyElection(record, copy)).toEqual({ ok: false, problem });
    }
  });

  it('a ballot entry holds the receipt\'s hash and nothing else', async () => {
    const { record } = await rechained((items) => {
      const b = items.find((i) => i.kind === 'ballot')!;
      (b.payload as Record<string, Json>).candidate_id = 'x';
    });
    expect(await verifyElection(record)).toMatchObject({ ok: false, problem: expect.stringContaining('it must hold a receipt hash and nothing else') });
    expect(await receiptHash('2222-AAAA-BBBB')).toBe(nodeSha256('2222-AAAA-BBBB'));
  });

  it('refuses files that are not a record or a board, and a board without final results', async () => {
    const { record, board } = await finishedElection();
    expect(await verifyElection({} as ElectionRecordFile)).toMatchObject({ ok: false });
    expect(await verifyElection(record, { ...board, format: 'x' } as never)).toMatchObject({ ok: false, problem: expect.stringContaining('not a bulletin board') });
    const unpublished = await rechained((items) => void items.splice(items.findIndex((i) => i.kind === 'results_published'), 1));
    expect(await verifyElection(unpublished.record, unpublished.board)).toEqual({ ok: false, problem: 'The record holds no final results published after voting closed' });
  });
});

describe('the voter rule in the roll and the record', () => {
  const IDS = ['b0000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000000'];
  const FINANCIAL = { voter_rule: 'financial', session: '2026-2027' } as const;
  const SALT = 'b'.repeat(64);

  it('a verified roll hashes exactly as before rules existed; a financial roll adds one line naming the rule and the session', async () => {
    expect(rollFingerprintInput(IDS, 'salt', { voter_rule: 'verified', session: null })).toBe(rollFingerprintInput(IDS, 'salt'));
    expect(rollFingerprintInput(IDS, 'salt', FINANCIAL)).toBe(
      'salt\nvoter_rule=financial session=2026-2027\na0000000-0000-4000-8000-000000000000\nb0000000-0000-4000-8000-000000000000',
    );
    expect(await rollFingerprint(IDS, 'salt', FINANCIAL)).toBe(nodeSha256(rollFingerprintInput(IDS, 'salt', FINANCIAL)));
    expect(await rollFingerprint(IDS, 'salt', FINANCIAL)).not.toBe(await rollFingerprint(IDS, 'salt'));
    expect(await rollFingerprint(IDS, 'salt', FINANCIAL)).not.toBe(await rollFingerprint(IDS, 'salt', { voter_rule: 'financial', session: '2025-2026' }));
    // An empty roll too: the rule line keeps the two apart.
    expect(await rollFingerprint([], 'salt', FINANCIAL)).not.toBe(await rollFingerprint([], 'salt'));
  });

  /** The fixture's election, with the financial rule named where the server names it, and a real fingerprint. */
  async function financialRecord(edit: (items: { kind: RecordKind; payload: Json }[]) => void = () => {}) {
    const items = await finishedItems();
    Object.assign(items.find((i) => i.kind === 'created')!.payload as Record<string, Json>, { voter_rule: 'financial', session: '2026-2027' });
    Object.assign(items.find((i) => i.kind === 'roll_frozen')!.payload as Record<string, Json>, {
      size: IDS.length,
      fingerprint: await rollFingerprint(IDS, SALT, FINANCIAL),
      voter_rule: 'financial',
      session: '2026-2027',
    });
    edit(items);
    return { format: RECORD_FORMAT, election_id: ELECTION_ID, entries: await chain(items) } as ElectionRecordFile;
  }

  it('passes a financial record, and checks a roll given under its rule', async () => {
    const record = await financialRecord();
    expect(await verifyElection(record)).toMatchObject({ ok: true });
    expect(await verifyElection(record, undefined, IDS)).toMatchObject({ ok: true });
    expect(await verifyElection(record, undefined, [IDS[0]!])).toMatchObject({ ok: false, problem: expect.stringContaining('the roll holds 2 members, the list given holds 1') });
    expect(await verifyElection(record, undefined, [IDS[0]!, 'c0000000-0000-4000-8000-000000000000'])).toMatchObject({ ok: false, problem: expect.stringContaining('is not the roll\'s fingerprint') });
    // The fixture's verified record keeps passing, and a roll checked against its made-up fingerprint does not.
    const { record: verified } = await finishedElection();
    expect(await verifyElection(verified)).toMatchObject({ ok: true });
    expect(await verifyElection(verified, undefined, IDS)).toMatchObject({ ok: false });
  });

  it('catches a roll frozen under another rule than the election was created (or edited) with, and a rule changed after the freeze', async () => {
    const cases: [(items: { kind: RecordKind; payload: Json }[]) => void, RegExp][] = [
      // The roll names no rule (verified) but the election is financial.
      [
        (items) => {
          const p = items.find((i) => i.kind === 'roll_frozen')!.payload as Record<string, Json>;
          delete p.voter_rule;
          delete p.session;
        },
        /frozen for verified members, but the election is for financial members for 2026-2027/,
      ],
      [(items) => void delete (items.find((i) => i.kind === 'roll_frozen')!.payload as Record<string, Json>).voter_rule, /a verified rule names no session/],
      [(items) => void ((items.find((i) => i.kind === 'roll_frozen')!.payload as Record<string, Json>).session = '2025-2026'), /frozen for financial members for 2025-2026, but the election is for financial members for 2026-2027/],
      [(items) => void ((items.find((i) => i.kind === 'edited')!.payload as Record<string, Json>).changes = { voter_rule: 'verified', session: null }), /frozen for financial members for 2026-2027, but the election is for verified members/],
      [(items) => void items.splice(items.findIndex((i) => i.kind === 'opened') + 1, 0, { kind: 'edited', payload: { changes: { session: '2025-2026' } } }), /who may vote was changed after the roll was frozen/],
      [(items) => void ((items.find((i) => i.kind === 'created')!.payload as Record<string, Json>).session = null), /a financial rule must name its session/],
      [(items) => void ((items.find((i) => i.kind === 'created')!.payload as Record<string, Json>).voter_rule = 'paid'), /neither verified nor financial/],
    ];
    for (const [edit, problem] of cases) {
      expect(await verifyElection(await financialRecord(edit))).toMatchObject({ ok: false, problem: expect.stringMatching(problem) });
    }
  });
});
