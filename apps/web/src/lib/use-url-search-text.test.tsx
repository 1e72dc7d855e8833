// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlSearchText } from './use-url-search-text.ts';

// The address bar is played by a prop: each write is kept, and the test decides when the address
// shows it (on a slow phone, the router can lag behind the typing).
function setup(initial = '') {
  const writes: string[] = [];
  const hook = renderHook(({ url }: { url: string }) => useUrlSearchText(url, (text) => writes.push(text), 300), { initialProps: { url: initial } });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const addressShows = (url: string) => hook.rerender({ url });
  return { writes, type, wait, addressShows, box: () => hook.result.current[0] };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a search box kept in the address bar', () => {
  it('writes the trimmed text once typing pauses for 300 ms, not on every key', () => {
    const { writes, type, wait, box } = setup();
    type('Ad');
    wait(100);
    type('Ada ');
    wait(299);
    expect(writes).toEqual([]);
    wait(1);
    expect(writes).toEqual(['Ada']);
    expect(box()).toBe('Ada ');
  });

  it('keeps what was typed since when the address catches up with an older write', () => {
    const { writes, type, wait, addressShows, box } = setup();
    type('Qx M');
    wait(300);
    type('Qx Me');
    wait(300);
    expect(writes).toEqual(['Qx M', 'Qx Me']);
    type('Qx Mem');
    addressShows('Qx M');
    expect(box()).toBe('Qx Mem');
    addressShows('Qx Me');
    expect(box()).toBe('Qx Mem');
    wait(300);
    expect(writes).toEqual(['Qx M', 'Qx Me', 'Qx Mem']);
  });

  it('shows the address when it changes for another reason (back, a link, Clear)', () => {
    const { type, wait, addressShows, box } = setup('Ada');
    type('Ada L');
    wait(300);
    addressShows('Bayo');
    expect(box()).toBe('Bayo');
    addressShows('');
    expect(box()).toBe('');
  });
});
