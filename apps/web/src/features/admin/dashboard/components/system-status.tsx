import { cn } from '@/lib/cn.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { useHealth } from '../api/get-health.ts';

type Level = 'ok' | 'warning' | 'down' | 'checking';

const LEVEL: Record<Level, { label: string; dot: string; text: string }> = {
  ok: { label: 'Operational', dot: 'bg-green-600', text: 'text-green-800' },
  warning: { label: 'Warning', dot: 'bg-amber-500', text: 'text-amber-800' },
  down: { label: 'Unavailable', dot: 'bg-red-600', text: 'text-red-800' },
  checking: { label: 'Checking...', dot: 'bg-slate-400', text: 'text-slate-700' },
};

/**
 * System Status (API, Database, Email Service with a warning, Storage). API and
 * Database come from GET /api/health; Email Service warns, and says why when the server tells
 * that mail is kept in its outbox; Storage is not reported by the server and stays as the spec has it.
 */
export function SystemStatus() {
  const health = useHealth();
  const config = useSiteConfig();
  const h = health.data;
  const rows: { name: string; level: Level; detail?: string }[] = [
    { name: 'API', level: h ? (h.api === 'ok' ? 'ok' : 'down') : 'checking' },
    { name: 'Database', level: h ? (h.database === 'ok' ? 'ok' : 'down') : 'checking' },
    {
      name: 'Email Service',
      level: 'warning',
      detail: config.dev_mail_url
        ? 'No mail server is set up: e-mails are kept in the outbox.'
        : 'Check that bulk e-mails reach members.',
    },
    { name: 'Storage', level: 'ok' },
  ];
  return (
    <section aria-labelledby="system-status-title" className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="system-status-title" className="text-lg font-bold text-navy-900">
        System Status
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {rows.map((row) => {
          const level = LEVEL[row.level];
          return (
            <li key={row.name} className="py-2.5">
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-800">{row.name}</span>
                <span className={cn('inline-flex items-center gap-2 text-sm font-semibold', level.text)}>
                  <span className={cn('size-2.5 rounded-full', level.dot)} aria-hidden="true" />
                  {level.label}
                </span>
              </div>
              {row.detail ? <p className="mt-1 text-xs text-slate-600">{row.detail}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
