import { TIMING } from '@aesa/shared/constants';

// Flash messages. A tiny store outside React so
// that the API client (for "Session expired") and any screen can raise one.

export type FlashType = 'success' | 'error' | 'warning' | 'info';

export interface Flash {
  id: number;
  type: FlashType;
  message: string;
  duration: number;
  /** When it was raised (Date.now()). */
  at: number;
}

type Listener = () => void;

let flashes: readonly Flash[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
/** The running countdown of each message on screen. */
const countdowns = new Map<number, { timer: ReturnType<typeof setTimeout>; endsAt: number }>();
/** The time left of each message whose countdown stands still while the next page is on its way. */
const pausedLeft = new Map<number, number>();
let paused = false;

function emit() {
  for (const listener of listeners) listener();
}

export function showFlash(type: FlashType, message: string, duration: number = TIMING.flashDurationMs): number {
  // The same text twice in a row (a double submit, two failing queries) shows once.
  const same = flashes.find((f) => f.type === type && f.message === message);
  if (same) dismissFlash(same.id);
  const id = nextId++;
  const added: Flash = { id, type, message, duration, at: Date.now() };
  flashes = [...flashes, added];
  if (listeners.size > 0) startTimer(added);
  emit();
  return id;
}

/**
 * A message's time counts from when a view shows it. One raised while the page is still loading
 * (the expired session found on page load) would otherwise run out on a slow phone before the
 * page could show it.
 */
function startTimer(f: Flash) {
  if (f.duration <= 0 || paused || countdowns.has(f.id)) return;
  const left = pausedLeft.get(f.id) ?? f.duration;
  pausedLeft.delete(f.id);
  countdowns.set(f.id, { timer: setTimeout(() => dismissFlash(f.id), left), endsAt: Date.now() + left });
}

/**
 * While the next page is on its way (a navigation in progress), the messages' time stands still.
 * A message raised as the member is sent elsewhere ("Session expired" on the way to /login) is
 * about the page they land on, and on a slow phone that page can take longer than the message's
 * five seconds to arrive. Every message keeps the time it had left.
 */
export function pauseFlashes(pause: boolean): void {
  if (pause === paused) return;
  paused = pause;
  if (pause) {
    const now = Date.now();
    for (const [id, { timer, endsAt }] of countdowns) {
      clearTimeout(timer);
      pausedLeft.set(id, Math.max(0, endsAt - now));
    }
    countdowns.clear();
  } else if (listeners.size > 0) {
    for (const f of flashes) startTimer(f);
  }
}

export function dismissFlash(id: number): void {
  clearTimeout(countdowns.get(id)?.timer);
  countdowns.delete(id);
  pausedLeft.delete(id);
  const next = flashes.filter((f) => f.id !== id);
  if (next.length === flashes.length) return;
  flashes = next;
  emit();
}

/**
 * Dismisses the failures and warnings on screen: a new attempt (a form sent again) or a dialog
 * opening over the page makes them out of date, and a toast must not stay after its problem is gone.
 */
export function dismissFailureFlashes(): void {
  for (const f of flashes) if (f.type === 'error' || f.type === 'warning') dismissFlash(f.id);
}

/** Dismisses the flashes raised before `time` (Date.now()): a dialog opened since is about something else. */
export function dismissFlashesBefore(time: number): void {
  for (const f of flashes) if (f.at < time) dismissFlash(f.id);
}

export const flash = {
  success: (message: string, duration?: number) => showFlash('success', message, duration),
  error: (message: string, duration?: number) => showFlash('error', message, duration),
  warning: (message: string, duration?: number) => showFlash('warning', message, duration),
  info: (message: string, duration?: number) => showFlash('info', message, duration),
};

export function subscribeFlashes(listener: Listener): () => void {
  listeners.add(listener);
  for (const f of flashes) startTimer(f);
  return () => listeners.delete(listener);
}

export function getFlashes(): readonly Flash[] {
  return flashes;
}
