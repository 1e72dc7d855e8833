// @vitest-environment happy-dom
import type { AuditEntry } from '@aesa/shared/schemas/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: true, entries: ENTRIES, total: ENTRIES.length })),
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

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AuditLogPanel />
      </QueryClientProvider>,
    );
  });
  for (let i = 0; i < 20 && !container.textContent?.includes('Showing'); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

describe('AuditLogPanel', () => {
  it('tells who did what to which named thing, with the fields set, above the route and status', async () => {
    await render();
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
});
