import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The date-time field named `label` (a fieldset with its legend), once the site's settings have arrived. */
export async function dateTimeGroup(label: string): Promise<HTMLElement> {
  const group = screen.getByRole('group', { name: new RegExp(`^${label}`) });
  await waitFor(() => expect((within(group).getByLabelText('Day') as HTMLSelectElement).disabled).toBe(false));
  return group;
}

/** Chooses 'YYYY-MM-DDTHH:mm' (or 'YYYY-MM-DD') in the field's selects, one after another. */
export async function chooseWallTime(label: string, value: string): Promise<void> {
  const group = await dateTimeGroup(label);
  const [date, time] = value.split('T') as [string, string | undefined];
  const [year, month, day] = date.split('-') as [string, string, string];
  fireEvent.change(within(group).getByLabelText('Year'), { target: { value: year } });
  fireEvent.change(within(group).getByLabelText('Month'), { target: { value: month } });
  fireEvent.change(within(group).getByLabelText('Day'), { target: { value: day } });
  if (time) {
    const [hour, minute] = time.split(':') as [string, string];
    fireEvent.change(within(group).getByLabelText('Hour'), { target: { value: hour } });
    fireEvent.change(within(group).getByLabelText('Minute'), { target: { value: minute } });
  }
}

/** GET /api/config's answer with the association's defaults: a stubbed fetch gives it to the forms. */
export const SITE_CONFIG = {
  success: true,
  association_name: 'AESA',
  contact: { email: '', phone: '', address: '' },
  locale: 'en-GB',
  time_zone: 'Africa/Lagos',
  public_url: 'http://localhost:3000',
  dev_mail_url: null,
};
