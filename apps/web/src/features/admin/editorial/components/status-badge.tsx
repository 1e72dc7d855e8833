import { SUBMISSION_STATUS_LABEL, type SubmissionStatus } from '@aesa/shared/editorial';
import { cn } from '@/lib/cn.ts';

const STYLE: Record<SubmissionStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  needs_revision: 'bg-sky-100 text-sky-900',
};

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLE[status] ?? STYLE.pending)}>
      {SUBMISSION_STATUS_LABEL[status] ?? status}
    </span>
  );
}
