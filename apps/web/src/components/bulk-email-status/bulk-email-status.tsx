import type { BulkEmailListItem } from '@aesa/shared/admin';
import { useId } from 'react';
import { ListError } from '@/components/ui/list-states.tsx';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { loadFailed } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { useBulkEmails, waiting } from './api.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

/** The latest sends with their delivery counts (pending, sent, failed), refreshed while mail waits. */
export function BulkEmailStatus({ highlightId, className }: { highlightId?: string | null; className?: string }) {
  const headingId = useId();
  const sends = useBulkEmails(5);
  const list = sends.data ?? [];
  const polling = list.some((item) => waiting(item) > 0);
  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-navy-900">
          Delivery status
        </h2>
        <div className="flex items-center gap-2">
          {polling ? <span className="text-xs text-slate-600">Updating every few seconds</span> : null}
          <Button variant="ghost" size="sm" onClick={() => void sends.refetch()} disabled={sends.isFetching}>
            {sends.isFetching ? <Spinner label="Refreshing delivery status" className="[&_svg]:size-4" /> : null}
            Refresh
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">Sends are queued at once and delivered in the background.</p>
      <div className="mt-3">
        {sends.isPending ? (
          <p className="text-sm text-slate-700">Loading sent emails...</p>
        ) : sends.isError ? (
          <ListError message={loadFailed('sent emails', sends.error)} onRetry={() => void sends.refetch()} retrying={sends.isFetching} />
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-700">No bulk emails have been sent yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {list.map((item) => (
              <SendRow key={item.id} item={item} highlighted={item.id === highlightId} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SendRow({ item, highlighted }: { item: BulkEmailListItem; highlighted: boolean }) {
  const { pending, sending, sent, failed, kept } = item.delivery;
  const { dateTime } = useDateFormat();
  const state = waiting(item) > 0 ? 'Sending' : failed > 0 ? (sent > 0 ? 'Partly failed' : 'Failed') : kept > 0 && sent === 0 ? 'Kept' : 'Delivered';
  return (
    <li
      className={cn('rounded-xl border p-3', highlighted ? 'border-brand-600 bg-sky-50' : 'border-slate-200')}
      aria-label={`${item.subject}: ${state}`}
      data-bulk-email={item.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">{item.subject}</p>
        <StateBadge state={state} />
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        <time dateTime={item.created_at}>{dateTime(item.created_at)}</time>
        {item.sender?.name ? ` · by ${item.sender.name}` : ''} · to {item.recipient_roles.length > 0 ? recipientsText(item.recipient_roles) : 'chosen members'} ·{' '}
        {item.recipients_count} recipient{item.recipients_count === 1 ? '' : 's'}
      </p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Count label="Pending" value={pending + sending} />
        <Count label="Sent" value={sent} />
        <Count label="Failed" value={failed} tone={failed > 0 ? 'text-red-800' : undefined} />
        {kept > 0 ? <Count label="Kept (no mail server)" value={kept} /> : null}
      </dl>
      <ExportCsvButton
        name="bulk-email-recipients"
        query={{ bulk_email: item.id }}
        label="Export recipients CSV"
        className="mt-2"
        accessibleLabel={`Export recipients CSV: ${item.subject}`}
      />
    </li>
  );
}

function recipientsText(roles: string[]): string {
  const groups = roles.filter((r) => !r.includes('@'));
  const addresses = roles.length - groups.length;
  return [groups.join(', '), addresses > 0 ? `${addresses} chosen member${addresses === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
}

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-600">{label}:</dt>
      <dd className={cn('font-semibold text-slate-900', tone)}>{value}</dd>
    </div>
  );
}

const BADGE: Record<string, string> = {
  Sending: 'bg-amber-100 text-amber-900',
  Delivered: 'bg-green-100 text-green-900',
  Failed: 'bg-red-100 text-red-900',
  'Partly failed': 'bg-red-100 text-red-900',
  Kept: 'bg-slate-200 text-slate-800',
};

function StateBadge({ state }: { state: string }) {
  return <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE[state])}>{state}</span>;
}
