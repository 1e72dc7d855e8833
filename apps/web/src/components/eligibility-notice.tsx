import { cn } from '@/lib/cn.ts';
import { ELIGIBILITY_MSG, type Eligibility } from '@/lib/elections.ts';

/**
 * Whether the signed-in member may vote in an election, said before any ballot opens: a short
 * confirmation, or why not and whom to ask. `id` lets the disabled vote controls point to it.
 */
export function EligibilityNotice({ eligibility, electionTitle, id, className }: { eligibility: Eligibility; electionTitle?: string; id?: string; className?: string }) {
  const lead = electionTitle ? `${electionTitle}: ` : '';
  if (eligibility.eligible) {
    return (
      <p id={id} className={cn('rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm font-semibold text-green-900', className)}>
        {lead}
        {ELIGIBILITY_MSG.eligible}
      </p>
    );
  }
  return (
    <div id={id} className={cn('rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950', className)}>
      <p className="font-bold">
        {lead}
        {ELIGIBILITY_MSG.title}
      </p>
      <p className="mt-1 text-sm">{ELIGIBILITY_MSG[eligibility.reason ?? 'NOT_VERIFIED']}</p>
    </div>
  );
}
