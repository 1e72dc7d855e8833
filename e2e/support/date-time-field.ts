import type { Locator, Page } from '@playwright/test';
import { DEFAULT_TIME_ZONE } from '@aesa/shared/date-format';

// The admin forms' date and time input (components/ui/date-time-field.tsx): selects for day,
// month, year, hour and minute on the association's clock, whatever the browser's locale and zone
// (the e2e server runs with the default TIME_ZONE).

/** The instant's calendar fields on the association's clock, two digits each (the selects' values). */
export function associationWallClock(date: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** Chooses the instant (to the minute) in the field named `label`, as an officer would. */
export async function chooseDateTime(scope: Page | Locator, label: string, date: Date): Promise<void> {
  const group = scope.getByRole('group', { name: label });
  const w = associationWallClock(date);
  // Year and month first: the days offered are that month's.
  await group.getByLabel('Year').selectOption(w.year);
  await group.getByLabel('Month').selectOption(w.month);
  await group.getByLabel('Day').selectOption(w.day);
  if (await group.getByLabel('Hour').count()) {
    await group.getByLabel('Hour').selectOption(w.hour);
    await group.getByLabel('Minute').selectOption(w.minute);
  }
}

/** The instant to the minute: what a form that reads minutes saves. */
export const toTheMinute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);
