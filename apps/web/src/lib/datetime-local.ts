import { dayEdge, fromWallTimeInput, toWallTimeInput } from './format-date.ts';

// The date and time input (components/ui/date-time-field.tsx) holds a wall-clock time without a
// zone. The server takes ISO 8601 with an offset; the forms read and write the wall time in the
// site's time zone (TIME_ZONE, the same zone every date is shown in), not the device's
// (decisions 026 and 077).

/** An ISO instant → 'YYYY-MM-DDTHH:mm' in the site's zone ('' when missing or invalid). */
export function toLocalInput(iso: string | null | undefined): string {
  return toWallTimeInput(iso);
}

/** 'YYYY-MM-DDTHH:mm' (site's zone) → ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  return fromWallTimeInput(value);
}

/** A day picked in <input type="date"> ('YYYY-MM-DD') → the ISO instant its day starts or ends in the site's zone. */
export function dayBoundary(value: string, edge: 'start' | 'end'): string | null {
  return dayEdge(value, edge);
}
