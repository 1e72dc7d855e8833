// <input type="datetime-local"> holds a wall-clock time without a zone. The server takes ISO
// 8601 with an offset, so the screens convert in the browser's zone, both ways.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant → 'YYYY-MM-DDTHH:mm' in the browser's zone ('' when missing or invalid). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 'YYYY-MM-DDTHH:mm' (browser's zone) → ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A day picked in <input type="date"> ('YYYY-MM-DD') → the ISO instant its day starts or ends in the browser's zone. */
export function dayBoundary(value: string, edge: 'start' | 'end'): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** '14 Mar 2025, 10:00' in the browser's zone; '' when missing or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : DATE_TIME.format(d);
}

/** '14 Mar 2025'; '' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : DATE.format(d);
}
