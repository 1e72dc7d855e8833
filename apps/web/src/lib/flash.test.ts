import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissFailureFlashes, dismissFlash, dismissFlashesBefore, flash, getFlashes, pauseFlashes, subscribeFlashes } from './flash.ts';

afterEach(() => {
  pauseFlashes(false);
  vi.useRealTimers();
  for (const f of getFlashes()) dismissFlash(f.id);
});

describe('flash messages', () => {
  it('closes itself 5000 ms after it is shown, by default', () => {
    vi.useFakeTimers();
    const stop = subscribeFlashes(() => {});
    flash.success('Saved');
    expect(getFlashes()).toEqual([expect.objectContaining({ type: 'success', message: 'Saved', duration: 5000 })]);
    vi.advanceTimersByTime(4999);
    expect(getFlashes()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getFlashes()).toHaveLength(0);
    stop();
  });

  it('raised before any view shows it (a page still loading), it waits and then gets its full 5000 ms', () => {
    vi.useFakeTimers();
    flash.error('Session expired');
    vi.advanceTimersByTime(8000);
    expect(getFlashes().map((f) => f.message)).toEqual(['Session expired']);
    const stop = subscribeFlashes(() => {});
    vi.advanceTimersByTime(4999);
    expect(getFlashes()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getFlashes()).toHaveLength(0);
    stop();
  });

  it('raised as the member is sent to another page, it counts its time once that page has arrived', () => {
    vi.useFakeTimers();
    const stop = subscribeFlashes(() => {});
    flash.error('Session expired');
    pauseFlashes(true); // the navigation to /login starts in the same moment
    vi.advanceTimersByTime(8000); // a slow phone fetching the login page
    expect(getFlashes().map((f) => f.message)).toEqual(['Session expired']);
    pauseFlashes(false);
    vi.advanceTimersByTime(4999);
    expect(getFlashes()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getFlashes()).toHaveLength(0);
    stop();
  });

  it('keeps the time it had left across a page change, and one raised meanwhile waits for the page', () => {
    vi.useFakeTimers();
    const stop = subscribeFlashes(() => {});
    flash.success('Saved');
    vi.advanceTimersByTime(3000);
    pauseFlashes(true);
    flash.info('Welcome');
    vi.advanceTimersByTime(10_000);
    pauseFlashes(false);
    vi.advanceTimersByTime(1999);
    expect(getFlashes().map((f) => f.message)).toEqual(['Saved', 'Welcome']);
    vi.advanceTimersByTime(1);
    expect(getFlashes().map((f) => f.message)).toEqual(['Welcome']);
    vi.advanceTimersByTime(3000);
    expect(getFlashes()).toHaveLength(0);
    stop();
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
