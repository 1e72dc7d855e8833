import type { CheckInItem } from '@aesa/shared/check-in';
import { MemberPhoto } from '@/components/ui/member-photo.tsx';
import { cn } from '@/lib/cn.ts';

export type Outcome = { kind: 'checked-in' | 'already'; message: string; item: CheckInItem } | { kind: 'refused'; message: string };

const STYLE = {
  'checked-in': 'border-green-300 bg-green-50 text-green-900',
  already: 'border-amber-300 bg-amber-50 text-amber-950',
  refused: 'border-red-300 bg-red-50 text-red-900',
} as const;

/**
 * The answer of the last check-in, large enough to read at arm's length: who it is (photo, name,
 * matric number, level) and whether they were just checked in or had been already. A live region,
 * so a screen reader says each answer.
 */
export function CheckInOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {outcome ? (
        <div className={cn('flex items-center gap-4 rounded-xl border-2 p-4', STYLE[outcome.kind])} data-testid="check-in-outcome">
          {outcome.kind !== 'refused' ? <MemberPhoto src={outcome.item.member.profile_image_url} className="size-16" /> : null}
          <div className="min-w-0">
            <p className="text-lg font-bold break-words">{outcome.message}</p>
            {outcome.kind !== 'refused' ? (
              <p className="text-sm break-words">
                {outcome.item.member.name} · {outcome.item.member.matric_number}
                {outcome.item.member.current_level ? ` · ${outcome.item.member.current_level}` : ''}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
