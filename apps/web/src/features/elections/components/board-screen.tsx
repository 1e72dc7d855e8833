import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BOARD_TEXT, RECORD_MSG, tallyBoard, verifyElection, type BoardFile, type ElectionRecordFile } from '@aesa/shared/election-record';
import type { ReceiptLookup } from '@aesa/shared/schemas/election-record';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import type { PositionResult } from '@/lib/elections.ts';
import { fetchPublicFile, saveText, type PublicFile } from '../api/election-record.ts';
import { useElectionResults } from '../api/get-election-results.ts';

interface BoardData {
  boardJson: PublicFile;
  boardCsv: PublicFile;
  recordJson: PublicFile;
  board: BoardFile;
  record: ElectionRecordFile;
}

async function loadBoard(electionId: string, signal: AbortSignal): Promise<BoardData> {
  const [boardJson, boardCsv, recordJson] = await Promise.all([
    fetchPublicFile(electionId, 'board.json', signal),
    fetchPublicFile(electionId, 'board.csv', signal),
    fetchPublicFile(electionId, 'record.json', signal),
  ]);
  return { boardJson, boardCsv, recordJson, board: JSON.parse(boardJson.text) as BoardFile, record: JSON.parse(recordJson.text) as ElectionRecordFile };
}

/**
 * /elections/{id}/board: every ballot by receipt, the totals counted here next to the published
 * results, Find my receipt, the files with their SHA-256, and the verifier's verdict, computed in
 * this browser by the same code as `npm run verify-election`.
 */
export function BoardScreen() {
  const { electionId = '' } = useParams();
  const { association_name } = useSiteConfig();
  const board = useQuery({ queryKey: ['elections', electionId, 'board'], queryFn: ({ signal }) => loadBoard(electionId, signal), retry: false, staleTime: Infinity });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{`${BOARD_TEXT.title} · ${association_name} Portal`}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{BOARD_TEXT.title}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-navy-900">{board.data?.board.title ?? 'Election'}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{BOARD_TEXT.intro}</p>
      <div className="mt-6">
        {board.isPending ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Spinner label="Loading the bulletin board" />
            <span>Loading the bulletin board...</span>
          </p>
        ) : board.isError ? (
          <BoardUnavailable error={board.error} />
        ) : (
          <BoardBody data={board.data} electionId={electionId} />
        )}
      </div>
    </div>
  );
}

function BoardUnavailable({ error }: { error: unknown }) {
  const notYet = isApiError(error) && error.code === 'ELECTION_BOARD_NOT_PUBLISHED';
  return (
    <div role={notYet ? 'status' : 'alert'} className={notYet ? 'rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-800' : 'rounded-xl border border-red-200 bg-red-50 p-5 text-red-900'}>
      <p className="font-semibold">{notYet ? RECORD_MSG.boardNotPublished : BOARD_TEXT.loadFailed}</p>
      {!notYet && isApiError(error) && error.message ? <p className="mt-1">{error.message}</p> : null}
      <Link to={paths.elections.href()} className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
        Back to Elections
      </Link>
    </div>
  );
}

function BoardBody({ data, electionId }: { data: BoardData; electionId: string }) {
  const verdict = useQuery({ queryKey: ['elections', electionId, 'board', 'verdict'], queryFn: () => verifyElection(data.record, data.board), staleTime: Infinity });
  const results = useElectionResults(electionId);
  return (
    <div className="space-y-8">
      <section aria-labelledby="board-verdict" className="rounded-xl border border-slate-200 p-5">
        <h2 id="board-verdict" className="text-lg font-bold text-navy-900">
          Verification
        </h2>
        <div role="status" className="mt-2" data-testid="board-verdict">
          {verdict.isPending ? (
            <p className="text-slate-700">{BOARD_TEXT.checking}</p>
          ) : verdict.data?.ok ? (
            <p className="font-semibold text-green-800">
              <span data-verdict="ok">{RECORD_MSG.verifyOk}</span>
              <span className="font-normal text-slate-800">: {BOARD_TEXT.okDetail}</span>
            </p>
          ) : (
            <p className="font-semibold text-red-800" data-verdict="mismatch">
              {BOARD_TEXT.mismatch} <span className="font-normal">{verdict.data && !verdict.data.ok ? verdict.data.problem : String(verdict.error)}</span>
            </p>
          )}
        </div>
      </section>

      <Totals board={data.board} official={results.data ?? null} />
      <FindReceipt board={data.board} />
      <Downloads data={data} />
      <BallotList board={data.board} />
    </div>
  );
}

function Totals({ board, official }: { board: BoardFile; official: PositionResult[] | null }) {
  const counted = useMemo(() => tallyBoard(board.ballots), [board]);
  return (
    <section aria-labelledby="board-totals">
      <h2 id="board-totals" className="text-lg font-bold text-navy-900">
        {BOARD_TEXT.totalsTitle}
      </h2>
      {official === null ? <p className="mt-2 text-sm text-slate-700">Loading the published results...</p> : null}
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {(official ?? []).map((position) => (
          <div key={position.position} className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-sm" data-position={position.position}>
              <caption className="px-4 pt-3 text-left font-semibold text-navy-900">{position.position}</caption>
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="px-4 py-2 font-medium">Candidate</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">{BOARD_TEXT.countedHere}</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">{BOARD_TEXT.official}</th>
                </tr>
              </thead>
              <tbody>
                {position.candidates.map((c) => {
                  const here = counted.get(c.candidate_id)?.votes ?? 0;
                  return (
                    <tr key={c.candidate_id} className="border-t border-slate-100" data-candidate-id={c.candidate_id}>
                      <th scope="row" className="px-4 py-2 text-left font-medium break-words text-slate-900">{c.candidate_name}</th>
                      <td className="px-4 py-2 text-right tabular-nums" data-counted>{here}</td>
                      <td className="px-4 py-2 text-right tabular-nums" data-official>
                        {c.votes}
                        {here !== c.votes ? <span className="ml-1 font-semibold text-red-800">(differs)</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}

function FindReceipt({ board }: { board: BoardFile }) {
  const form = useZodForm<{ receipt: string }, ReceiptLookup>(() => import('@aesa/shared/schemas/election-record').then((m) => m.receiptLookupSchema), {
    defaultValues: { receipt: '' },
  });
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  // The board is here already: a receipt is looked up in it, and no request is made.
  const find = ({ receipt }: ReceiptLookup) => {
    const ballot = board.ballots.find((b) => b.receipt === receipt);
    setAnswer(ballot ? { ok: true, text: BOARD_TEXT.found(ballot.position, ballot.candidate_name) } : { ok: false, text: BOARD_TEXT.notFound });
  };
  return (
    <section aria-labelledby="board-find" className="rounded-xl border border-slate-200 p-5">
      <h2 id="board-find" className="text-lg font-bold text-navy-900">
        {BOARD_TEXT.findTitle}
      </h2>
      <Form form={form} onSubmit={find} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label={BOARD_TEXT.findLabel}
          className="flex-1"
          autoComplete="off"
          spellCheck={false}
          placeholder="K7QF-2M9C-XW4T"
          {...form.field('receipt')}
        />
        <Button type="submit" className="sm:mt-6">
          {BOARD_TEXT.findButton}
        </Button>
      </Form>
      <p role="status" className={`mt-2 text-sm ${answer?.ok ? 'font-semibold text-green-800' : 'text-slate-800'}`} data-testid="receipt-answer">
        {form.errorOf('receipt') ? '' : (answer?.text ?? '')}
      </p>
    </section>
  );
}

function Downloads({ data }: { data: BoardData }) {
  const files: { label: string; file: PublicFile; type: string }[] = [
    { label: 'Board (JSON)', file: data.boardJson, type: 'application/json' },
    { label: 'Board (CSV)', file: data.boardCsv, type: 'text/csv' },
    { label: 'Election record (JSON)', file: data.recordJson, type: 'application/json' },
  ];
  return (
    <section aria-labelledby="board-downloads">
      <h2 id="board-downloads" className="text-lg font-bold text-navy-900">
        {BOARD_TEXT.downloadsTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Check them on your own computer with <code className="rounded bg-slate-100 px-1">npm run verify-election -- record.json board.json</code>.
      </p>
      <ul className="mt-3 space-y-3">
        {files.map(({ label, file, type }) => (
          <li key={file.name} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{label}</p>
              <p className="text-xs text-slate-700">
                SHA-256: <span className="font-mono break-all" data-sha256={file.name}>{file.sha256}</span>
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => saveText(file.name, file.text, type)}>
              Download {label}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BallotList({ board }: { board: BoardFile }) {
  return (
    <section aria-labelledby="board-ballots">
      <h2 id="board-ballots" className="text-lg font-bold text-navy-900">
        {BOARD_TEXT.ballotsTitle} ({board.ballots.length})
      </h2>
      {/* Focusable so that the keyboard can scroll a long list. */}
      <div tabIndex={0} role="region" aria-label="Ballots by receipt" className="mt-3 max-h-[32rem] overflow-auto rounded-xl border border-slate-200">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-white">
            <tr className="text-left text-slate-600">
              <th scope="col" className="px-4 py-2 font-medium">Receipt</th>
              <th scope="col" className="px-4 py-2 font-medium">Position</th>
              <th scope="col" className="px-4 py-2 font-medium">Candidate</th>
            </tr>
          </thead>
          <tbody>
            {board.ballots.map((b) => (
              <tr key={b.receipt} className="border-t border-slate-100" data-receipt={b.receipt}>
                <td className="px-4 py-1.5 font-mono whitespace-nowrap">{b.receipt}</td>
                <td className="px-4 py-1.5">{b.position}</td>
                <td className="px-4 py-1.5 break-words">{b.candidate_name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
