import { useState } from 'react';
import { BOARD_TEXT } from '@aesa/shared/election-record';
import { Button } from '@/components/ui/button.tsx';
import { downloadVoterRoll, useRollSummary } from '@/features/elections/api/election-record.ts';
import { isApiError } from '@/lib/api-client.ts';

/**
 * The voter roll as CSV (name, matric number, voted yes/no; never a choice). The download is an
 * audited act of the electoral admin who makes it.
 */
export function VoterRollDownload({ electionId }: { electionId: string }) {
  const roll = useRollSummary(electionId, true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onDownload() {
    setBusy(true);
    setError(null);
    try {
      await downloadVoterRoll(electionId);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The voter roll could not be downloaded.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-5 rounded-lg bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">Voter roll</h3>
      {roll.data?.frozen_at ? (
        <>
          <p className="mt-1 text-slate-700">
            {roll.data.size} {roll.data.size === 1 ? 'member' : 'members'}. The download lists who took part (voted: yes for at least one position), never whom they chose, and is recorded in the audit log.
          </p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void onDownload()} disabled={busy}>
            {busy ? 'Downloading...' : 'Download voter roll (CSV)'}
          </Button>
        </>
      ) : (
        <p className="mt-1 text-slate-700">{BOARD_TEXT.rollNotFrozen}</p>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
