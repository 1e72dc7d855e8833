import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissFailureFlashes, dismissFlash, dismissFlashesBefore, flash, getFlashes, subscribeFlashes } from './flash.ts';

afterEach(() => {
  vi.useRealTimers();
  for (const f of getFlashes()) dismissFlash(f.id);
});

describe('flash messages', () => {
  it('closes itself after 5000 ms by default', () => {
    vi.useFakeTimers();
    flash.success('Saved');
    expect(getFlashes()).toEqual([expect.objectContaining({ type: 'success', message: 'Saved', duration: 5000 })]);
    vi.advanceTimersByTime(4999);
    expect(getFlashes()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getFlashes()).toHaveLength(0);
  });

  it('can be closed early, and tells subscribers', () => {
    const listener = vi.fn();
    const stop = subscribeFlashes(listener);
    const id = flash.info('Hello');
    dismissFlash(id);
    stop();
    expect(getFlashes()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('shows the same text of the same type once', () => {
    flash.error('Session expired');
    flash.error('Session expired');
    flash.warning('Session expired');
    expect(getFlashes().map((f) => f.type)).toEqual(['error', 'warning']);
  });

  it('a new attempt takes away the failures and warnings, not the good news', () => {
    flash.error('Invalid matric number or password');
    flash.warning('Check the year');
    flash.success('Saved');
    dismissFailureFlashes();
    expect(getFlashes().map((f) => f.message)).toEqual(['Saved']);
  });

  it('a dialog opened after a toast takes it away; one raised with the dialog stays', () => {
    vi.useFakeTimers();
    flash.error('Old failure');
    vi.advanceTimersByTime(100);
    const opened = Date.now();
    vi.advanceTimersByTime(10);
    flash.success('Saved with its dialog');
    dismissFlashesBefore(opened);
    expect(getFlashes().map((f) => f.message)).toEqual(['Saved with its dialog']);
  });
});
