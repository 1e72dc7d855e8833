import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

// Display text only (the election rules shown to voters and the candidate eligibility text):
// nothing here is enforced by the app; the server decides who may vote.

export const ELECTION_RULES = [
  'Only financial members with a valid ID or proof of payment may vote.',
  'A simple majority wins.',
  'A tie leads to a re-election within 3 days.',
  "An observer from a national engineering students' union monitors the election but does not influence decisions.",
  'Results update in real time.',
  'Final results are visible to verified voters right after voting ends.',
  'A candidate withdrawal notice must reach the Electoral Committee at least 2 days before voting begins.',
] as const;

export const GENERAL_ELIGIBILITY = [
  'Financial member with dues paid',
  'No political affiliation or student parliament membership',
  'CGPA of at least 3.5',
] as const;

export const OFFICE_LEVELS: readonly { office: string; levels: string }[] = [
  { office: 'President', levels: '400 to 500 level' },
  { office: 'Vice President', levels: '300 to 400 level' },
  { office: 'General Secretary', levels: '400 to 500 level' },
  { office: 'Assistant General Secretary', levels: '100 to 200 level' },
  { office: 'Treasurer', levels: '200 to 300 level, female members (male members may contest if no female member does)' },
  { office: 'Financial Secretary', levels: '100 to 200 level' },
  { office: 'Sports Director', levels: '400 to 500 level' },
  { office: 'Social Director', levels: '200 to 300 level' },
  { office: 'Welfare Director', levels: '200 to 300 level' },
  { office: 'Public Relations Officer', levels: '200 to 300 level' },
];

function Card({ title, id, className, children }: { title: string; id: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}>
      <h2 id={id} className="text-lg font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ElectionRules({ className, headingId = 'election-rules' }: { className?: string; headingId?: string }) {
  return (
    <Card title="Election Rules" id={headingId} className={className}>
      <ul className="mt-3 space-y-2 text-sm text-slate-700 sm:text-base">
        {ELECTION_RULES.map((rule) => (
          <li key={rule} className="flex gap-2.5">
            <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-brand-600" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>{rule}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function CandidateEligibility({ className }: { className?: string }) {
  return (
    <Card title="Eligibility for Office" id="candidate-eligibility" className={className}>
      <p className="mt-2 text-sm text-slate-700 sm:text-base">Every candidate must be:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 sm:text-base">
        {GENERAL_ELIGIBILITY.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm font-semibold text-slate-800 sm:text-base">Levels for each office</p>
      <dl className="mt-2 divide-y divide-slate-100 text-sm sm:text-base">
        {OFFICE_LEVELS.map(({ office, levels }) => (
          <div key={office} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
            <dt className="font-medium text-slate-900 sm:w-56 sm:shrink-0">{office}</dt>
            <dd className="text-slate-700">{levels}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
