// @vitest-environment happy-dom
import type { AuditEntry } from '@aesa/shared/schemas/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { DATE_PLACEHOLDER } from '@/lib/use-date-format.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const base = { method: 'PATCH', status_code: 200, details: null, ip: '127.0.0.1', created_at: '2026-03-01T10:00:00.000Z' } as const;
const ENTRIES: AuditEntry[] = [
  {
    ...base,
    id: 2,
    actor: { id: '00000000-0000-4000-8000-000000000001', name: 'Kemi Electoral' },
    action: 'PATCH /api/elections/:id',
    summary: 'updated election',
    route: '/api/elections/:id',
    target_id: '00000000-0000-4000-8000-0000000000e1',
    target: { type: 'election', id: '00000000-0000-4000-8000-0000000000e1', name: 'Spring Election' },
    changes: [
      { field: 'title', value: 'Spring Election', before: 'Spring Vote' },
      { field: 'description', value: 'Same', before: 'Same' },
      { field: 'is_active', value: false },
      { field: 'start_time', value: '2026-12-01T08:00:00.000Z' },
    ],
    outcome: 'ok',
  },
  {
    ...base,
    id: 1,
    actor: null,
    action: 'DELETE /api/admin/events/:id',
    summary: 'tried to delete event',
    method: 'DELETE',
    route: '/api/admin/events/:id',
    target_id: '00000000-0000-4000-8000-0000000000a1',
    target: { type: 'event', id: '00000000-0000-4000-8000-0000000000a1', name: null },
    changes: [],
    outcome: 'denied',
    status_code: 403,
  },
];

let root: Root;
let container: HTMLElement;
/** The audit log's requests, and a way to answer GET /api/config when the test says so. */
let auditUrls: URL[];
let answerConfig: (config: object) => void;

beforeEach(() => {
  auditUrls = [];
  const config = new Promise<object>((resolve) => (answerConfig = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname === '/api/config') return Response.json({ success: true, ...(await config) });
      auditUrls.push(url);
      return Response.json({ success: true, entries: ENTRIES, total: ENTRIES.length });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const SITE = { association_name: 'AESA', contact: { email: '', phone: '', address: '' }, locale: 'en-GB', time_zone: 'Africa/Lagos', public_url: 'http://localhost:3000', dev_mail_url: null };

/** Waits, a render at a time, until the condition holds (a signal, not a guess at how long it takes). */
async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await act(() => new Promise((r) => setTimeout(r, 5)));
  expect(condition()).toBe(true);
}

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AuditLogPanel />
      </QueryClientProvider>,
    );
  });
  await until(() => !!container.textContent?.includes('Showing'));
}

const startTime = () => [...container.querySelectorAll('dt')].find((dt) => dt.textContent === 'start time')?.nextElementSibling?.textContent;

describe('AuditLogPanel', () => {
  it('tells who did what to which named thing, with the fields set, above the route and status', async () => {
    await render();
    answerConfig(SITE);
    await until(() => startTime() === '1 Dec 2026, 09:00');
    const [first, second] = [...container.querySelectorAll('ul > li')];
    expect(first?.textContent).toContain('Kemi Electoral updated election Spring Election');
    const fields = [...first!.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    // An instant reads like every other date of the site (Africa/Lagos, UTC+1, by default).
    // A versioned record's change shows its value before and after; an unchanged field only its value.
    expect(fields).toEqual(['title=Spring Vote → changed to Spring Election', 'description=Same', 'is active=no', 'start time=1 Dec 2026, 09:00']);
    expect(first!.querySelector('del')?.textContent).toBe('Spring Vote');
    expect(first!.querySelector('ins')?.textContent).toBe('Spring Election');
    expect(first?.textContent).toContain('PATCH /api/elections/:id');
    expect(first?.textContent).toContain('OK');
    // No name kept (an old entry, or a thing that was never found): its type and id instead.
    expect(second?.textContent).toContain('Unknown tried to delete event (event 00000000-0000-4000-8000-0000000000a1)');
    expect(second?.querySelector('dl')).toBeNull();
    expect(second?.textContent).toContain('Denied');
  });

  it('shows no date before the site\'s locale and zone have arrived, then shows them in those', async () => {
    await render();
    // The list is there, the configuration is not: a placeholder, never the browser's own format.
    expect(startTime()).toBe(DATE_PLACEHOLDER);
    expect(container.querySelector('time')?.textContent).toBe(DATE_PLACEHOLDER);
    answerConfig({ ...SITE, locale: 'en-US', time_zone: 'America/New_York' });
    await until(() => startTime() !== DATE_PLACEHOLDER);
    expect(startTime()).toBe('Dec 1, 2026, 03:00 AM');
  });

  it('an answer without a usable locale and zone counts as none: the association\'s defaults, not the browser\'s', async () => {
    await render();
    answerConfig({ ...SITE, locale: undefined, time_zone: 'Not/AZone' });
    await until(() => startTime() !== DATE_PLACEHOLDER);
    expect(startTime()).toBe('1 Dec 2026, 09:00');
  });

  it('refuses a reversed range under To with the shared rule, and sends the days as the instants they start and end', async () => {
    await render();
    answerConfig(SITE);
    await until(() => container.querySelectorAll('select[aria-label="Day"]:not(:disabled)').length === 2);
    const [fromGroup, toGroup] = [...container.querySelectorAll('fieldset')];
    await pickDay(fromGroup!, '2026', '03', '10');
    await pickDay(toGroup!, '2026', '03', '09');
    const requests = auditUrls.length;
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await until(() => !!toGroup!.textContent?.includes(ADMIN_MSG.auditRangeReversed));
    expect(auditUrls).toHaveLength(requests);
    await pickDay(toGroup!, '2026', '03', '10');
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await until(() => auditUrls.length > requests);
    // Africa/Lagos is UTC+1: 10 Mar starts at 23:00 UTC the day before.
    expect(auditUrls.at(-1)!.searchParams.get('from')).toBe('2026-03-09T23:00:00.000Z');
    expect(auditUrls.at(-1)!.searchParams.get('to')).toBe('2026-03-10T22:59:59.999Z');
  });
});

async function pickDay(group: Element, year: string, month: string, day: string) {
  for (const [label, value] of [['Year', year], ['Month', month], ['Day', day]] as const) {
    const select = group.querySelector<HTMLSelectElement>(`select[aria-label="${label}"]`)!;
    await act(async () => {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
}
