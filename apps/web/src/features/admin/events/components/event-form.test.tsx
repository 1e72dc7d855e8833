// @vitest-environment happy-dom
import { EVENT_MSG } from '@aesa/shared/events';
import { RSVP_MSG } from '@aesa/shared/rsvp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDialogsProvider } from '@/components/ui/app-dialogs.tsx';
import { toLocalInput } from '@/lib/datetime-local.ts';
import { EMPTY_EVENT, EventForm, eventToForm } from './event-form.tsx';

let sent: { url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json({ success: true, event: { id: 'e1' } }, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppDialogsProvider>
        <EventForm event={null} onSaved={onSaved} onCancel={() => {}} />
      </AppDialogsProvider>
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

/** The message shown under a field, as a screen reader gets it (aria-describedby). */
const messageOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
};

describe('the event form', () => {
  it('starts empty with the status upcoming, and turns an event back into form values', () => {
    expect(EMPTY_EVENT.status).toBe('upcoming');
    const values = eventToForm({
      id: '1',
      title: 'Talk',
      description: 'd',
      event_date: '2025-05-02T09:00:00.000Z',
      location: 'Hall',
      flyer_image_url: null,
      video_url: null,
      status: 'postponed',
      event_type: null,
      capacity: 40,
      rsvp_open: false,
      created_at: '2025-01-01T00:00:00.000Z',
      version: 1,
    });
    expect(values).toMatchObject({ status: 'postponed', capacity: '40', rsvp_open: false, event_type: '', flyer_image_url: '', video_url: '', event_date: toLocalInput('2025-05-02T09:00:00.000Z') });
  });

  it('shows the four required messages under their fields and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(messageOf('Title')).toContain(EVENT_MSG.titleRequired);
    expect(messageOf('Description')).toContain(EVENT_MSG.descriptionRequired);
    expect(messageOf('Event date and time')).toContain(EVENT_MSG.dateRequired);
    expect(messageOf('Location')).toContain(EVENT_MSG.locationRequired);
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(sent).toEqual([]);
  });

  it('names the video when its address is wrong, and sends the event once it is right', async () => {
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText('Title'), ' Drone Build Day ');
    await user.type(screen.getByLabelText('Description'), 'Build and fly.');
    fireEvent.input(screen.getByLabelText('Event date and time'), { target: { value: '2025-05-02T10:00' } });
    await user.type(screen.getByLabelText('Location'), 'Workshop');
    await user.type(screen.getByLabelText('Video URL'), 'ftp://files.example.org/v.mp4');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(messageOf('Video URL')).toContain(EVENT_MSG.videoUrlInvalid);
    expect(EVENT_MSG.videoUrlInvalid).toMatch(/valid video URL/);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Video URL'));
    await user.type(screen.getByLabelText('Video URL'), 'https://example.com/recording');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/\/api\/admin\/events$/);
    expect(sent[0]!.body).toEqual({
      title: 'Drone Build Day',
      description: 'Build and fly.',
      // 10:00 on the association's clock (Africa/Lagos by default, UTC+1), whatever the browser's zone.
      event_date: '2025-05-02T09:00:00.000Z',
      location: 'Workshop',
      status: 'upcoming',
      event_type: null,
      flyer_image_url: null,
      video_url: 'https://example.com/recording',
      capacity: null,
      rsvp_open: true,
    });
  });

  it('takes a capacity as a whole number and the sign-ups switch, and names a capacity that is not one', async () => {
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText('Title'), 'Glider Day');
    await user.type(screen.getByLabelText('Description'), 'Fly.');
    fireEvent.input(screen.getByLabelText('Event date and time'), { target: { value: '2025-05-02T10:00' } });
    await user.type(screen.getByLabelText('Location'), 'Airstrip');
    await user.type(screen.getByLabelText('Capacity'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(messageOf('Capacity')).toContain(RSVP_MSG.capacityInvalid);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Capacity'));
    await user.type(screen.getByLabelText('Capacity'), '30');
    await user.click(screen.getByRole('switch', { name: 'Sign-ups open' }));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]!.body).toMatchObject({ capacity: 30, rsvp_open: false });
  });

  it('previews only a flyer link that can be an image, and never a broken image', async () => {
    const { user } = renderForm();
    const url = screen.getByLabelText('Or flyer image URL');
    await user.type(url, 'not a link');
    expect(screen.queryByAltText('Flyer preview')).toBeNull();
    expect(screen.getByText('No preview')).toBeTruthy();

    await user.clear(url);
    await user.type(url, 'https://example.org/missing.png');
    const img = screen.getByAltText('Flyer preview');
    expect(img.getAttribute('src')).toBe('https://example.org/missing.png');
    fireEvent.error(img);
    expect(screen.queryByAltText('Flyer preview')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await user.clear(url);
    await user.type(url, 'javascript:alert(1)');
    expect(screen.queryByAltText('Flyer preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(screen.getByText(EVENT_MSG.flyerUrlInvalid)).toBeTruthy();
  });
});
