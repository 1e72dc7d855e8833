import { cn } from '@/lib/cn.ts';
import { ELIGIBILITY_MSG, eligibilityMessage, type Eligibility } from '@/lib/elections.ts';

/**
 * Whether the signed-in member may vote in an election, said before any ballot opens: a short
 * confirmation, or why not and whom to ask. `id` lets the disabled vote controls point to it.
 */
export function EligibilityNotice({
  eligibility,
  electionTitle,
  rule,
  id,
  className,
  done,
}: {
  eligibility: Eligibility;
  /** What an eligible member has already done ("You voted in 10 of 10 positions."), said instead of that they may vote. */
  done?: string;
  electionTitle?: string;
  /** Who may vote in the election ("Voters: financial members for 2026-2027"). */
  rule?: string;
  id?: string;
  className?: string;
}) {
  const lead = electionTitle ? `${electionTitle}: ` : '';
  const ruleLine = rule ? (
    <p className="mt-1 text-sm font-normal" data-voter-rule>
      {rule}
    </p>
  ) : null;
  if (eligibility.eligible) {
    return (
      <div id={id} className={cn('rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900', className)}>
        <p className="font-semibold">
          {lead}
          {done ?? ELIGIBILITY_MSG.eligible}
        </p>
        {ruleLine}
      </div>
    );
  }
  return (
    <div id={id} className={cn('rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950', className)}>
      <p className="font-bold">
        {lead}
        {ELIGIBILITY_MSG.title}
      </p>
      <p className="mt-1 text-sm">{eligibilityMessage(eligibility.reason ?? 'NOT_VERIFIED', eligibility.session)}</p>
      {ruleLine}
    </div>
  );
}
