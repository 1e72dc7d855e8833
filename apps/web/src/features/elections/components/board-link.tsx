import { Link } from 'react-router';
import { BOARD_TEXT } from '@aesa/shared/election-record';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { useRollSummary } from '../api/election-record.ts';

/** The way to the bulletin board, shown once the final results are published. */
export function BoardLink({ electionId }: { electionId: string }) {
  const { user } = useAuth();
  const roll = useRollSummary(electionId, !!user);
  if (!roll.data?.board_published) return null;
  return (
    <p className="mt-4 border-t border-slate-200 pt-3 text-sm">
      <Link to={paths.electionBoard.href(electionId)} className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
        {BOARD_TEXT.boardLink}
      </Link>
    </p>
  );
}
