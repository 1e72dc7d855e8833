// The countdown of the Available Elections dialog: more than 24 hours shows days;
// otherwise "{h}h {m}m", or "{m}m" under an hour. Display only, from the browser clock.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatCountdown(ms: number): string {
  const left = Math.max(0, Math.floor(ms));
  if (left > DAY) {
    const days = Math.floor(left / DAY);
    const hours = Math.floor((left % DAY) / HOUR);
    return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  }
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}
