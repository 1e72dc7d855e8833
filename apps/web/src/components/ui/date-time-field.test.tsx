// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTimeGroup, SITE_CONFIG } from '@/testing/date-time-field.ts';
import { DateTimeInput } from './date-time-field.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderInput(config: object, initial = '') {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ ...SITE_CONFIG, ...config })));
  const changes: string[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <DateTimeInput
        label="Start date and time"
        value={value}
        onChange={(v) => {
          changes.push(v);
          setValue(v);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Host />
    </QueryClientProvider>,
  );
  return changes;
}

const selects = (group: HTMLElement) => within(group).getAllByRole('combobox').map((s) => s.getAttribute('aria-label'));
const shown = (group: HTMLElement, label: string) => {
  const select = within(group).getByLabelText(label) as HTMLSelectElement;
  return select.options[select.selectedIndex]?.textContent;
};

describe('DateTimeInput', () => {
  it('shows a value in the association\u2019s order, month names and 24-hour clock', async () => {
    renderInput({}, '2026-11-26T15:46');
    const group = await dateTimeGroup('Start date and time');
    expect(selects(group)).toEqual(['Day', 'Month', 'Year', 'Hour', 'Minute']);
    expect([shown(group, 'Day'), shown(group, 'Month'), shown(group, 'Year'), shown(group, 'Hour'), shown(group, 'Minute')]).toEqual(['26', 'Nov', '2026', '15', '46']);
    expect(group.textContent).toContain('Africa/Lagos');
  });

  it('follows the site\u2019s locale, not the browser\u2019s: a US association gets month first and a 12-hour clock', async () => {
    renderInput({ locale: 'en-US', time_zone: 'America/New_York' }, '2026-11-26T15:46');
    const group = await dateTimeGroup('Start date and time');
    expect(selects(group)).toEqual(['Month', 'Day', 'Year', 'Hour', 'Minute']);
    expect(shown(group, 'Hour')).toBe('03 PM');
  });

  it('gives a value only once every part is chosen, and never a day the month does not have', async () => {
    const changes = renderInput({});
    const group = await dateTimeGroup('Start date and time');
    const pick = (label: string, value: string) => fireEvent.change(within(group).getByLabelText(label), { target: { value } });
    pick('Year', '2027');
    pick('Month', '01');
    pick('Day', '31');
    pick('Hour', '09');
    expect(changes.at(-1)).toBe('');
    pick('Minute', '05');
    expect(changes.at(-1)).toBe('2027-01-31T09:05');
    pick('Month', '02');
    expect(changes.at(-1)).toBe('2027-02-28T09:05');
    expect(within(group).getByLabelText('Day').querySelectorAll('option')).toHaveLength(29); // "Day" and 1 to 28
    expect(screen.getByRole('group', { name: /Start date and time/ })).toBe(group);
  });
});
