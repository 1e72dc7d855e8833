// An event's page before any script: the server writes the event into the prerendered event
// frame with eventPreviewHtml, and sends the same EventPreview as a JSON data block; the web app's
// first render (features/events/components/event-screen.tsx) draws its place with the same
// function from that block. One function for both, so hydration finds exactly what it draws.
// The layout and classes are those of the app's event page (event-page.tsx): when the event
// arrives from the API and that page replaces this one, nothing moves.
import type { EventShownStatus, EventStatus } from './events.ts';
import { EVENT_STATUS_LABEL } from './events.ts';

/** What an event's page shows, already in words (times in the association's locale and zone). */
export interface EventPreview {
  id: string;
  title: string;
  /** The flyer or the drawing for the event's kind; null when the server cannot name the drawing. */
  picture: { src: string; alt: string } | null;
  status: EventShownStatus;
  eventType: string | null;
  /** The moment (ISO), its day and time, and the zone's short name. */
  when: { iso: string; day: string; time: string; zone: string };
  location: string;
  description: string;
  videoUrl: string | null;
}

/** The badge colours of each status (also the app's EventStatusBadge). */
export const EVENT_STATUS_STYLE: Record<EventStatus, string> = {
  upcoming: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
  postponed: 'bg-amber-100 text-amber-900',
  past: 'bg-slate-200 text-slate-800',
};

/** Text made safe inside an element and inside a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The address of an event's calendar file (GET /api/events/{id}/calendar.ics). */
export const eventCalendarPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;

const CALENDAR_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" class="size-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="5" width="18" height="16" rx="2"></rect><path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5"></path></svg>';

/** The first line of an event's details: its status badge (as EventStatusBadge draws it), then its type. */
export function statusLineHtml(p: Pick<EventPreview, 'status' | 'eventType'>): string {
  const type = p.eventType ? `<span class="text-xs font-semibold tracking-wide text-brand-700 uppercase">${escapeHtml(p.eventType)}</span>` : '';
  return `<p class="flex flex-wrap items-center gap-2"><span class="rounded-full px-2.5 py-0.5 text-xs font-semibold ${EVENT_STATUS_STYLE[p.status]}">${escapeHtml(EVENT_STATUS_LABEL[p.status])}</span>${type}</p>`;
}

/** "Add to calendar" as AddToCalendarLink draws it: the event's calendar file, named for screen readers. */
export function addToCalendarHtml(p: Pick<EventPreview, 'id' | 'title'>): string {
  return `<a href="${escapeHtml(eventCalendarPath(p.id))}" download="" class="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline">${CALENDAR_ICON}Add to calendar<span class="sr-only"> (${escapeHtml(p.title)})</span></a>`;
}

/**
 * The event's details and description as HTML, every value escaped. The picture is an <img> of
 * the page's own size (800×600, 4:3), requested first: it is the page's largest paint.
 */
export function eventPreviewHtml(p: EventPreview): string {
  const e = escapeHtml;
  const picture = p.picture
    ? `<img src="${e(p.picture.src)}" alt="${e(p.picture.alt)}" width="800" height="600" fetchpriority="high" class="aspect-[4/3] h-full w-full bg-slate-100 object-cover">`
    : '<div class="aspect-[4/3] w-full bg-slate-100"></div>';
  const video = p.videoUrl
    ? `<a href="${e(p.videoUrl)}" target="_blank" rel="noopener noreferrer" class="font-semibold text-brand-700 underline underline-offset-2">Watch Video<span class="sr-only"> (opens in a new tab)</span></a>`
    : '';
  return [
    '<article aria-labelledby="event-title" class="mt-4 space-y-8">',
    '<div class="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:grid md:grid-cols-2">',
    picture,
    '<div class="flex flex-col p-5 sm:p-8">',
    statusLineHtml(p),
    `<h1 id="event-title" class="mt-2 text-2xl font-bold tracking-tight break-words text-navy-900 sm:text-3xl">${e(p.title)}</h1>`,
    '<dl class="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">',
    '<dt class="font-medium text-slate-600">When</dt>',
    `<dd class="font-medium text-slate-900"><time datetime="${e(p.when.iso)}">${e(p.when.day)} · ${e(p.when.time)}</time> <span class="text-sm font-normal text-slate-600">(${e(p.when.zone)})</span></dd>`,
    '<dt class="font-medium text-slate-600">Where</dt>',
    `<dd class="break-words text-slate-900">${e(p.location)}</dd>`,
    '</dl>',
    '<div class="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">',
    addToCalendarHtml(p),
    video,
    '</div></div></div>',
    '<section aria-labelledby="event-about">',
    '<h2 id="event-about" class="text-xl font-bold text-navy-900">About this event</h2>',
    `<p class="mt-3 max-w-prose break-words whitespace-pre-line text-slate-700">${e(p.description)}</p>`,
    '</section></article>',
  ].join('');
}

/**
 * The preview in a JSON data block's text: "<" is escaped, so no value can close the element; the
 * block is data (type="application/json"), never run, so the CSP's ban on inline scripts holds.
 */
export function eventPreviewJson(p: EventPreview): string {
  return JSON.stringify(p).replace(/</g, '\\u003c');
}

/** The preview read back from a data block, if it is one (and null for anything else). */
export function parseEventPreview(text: string): EventPreview | null {
  try {
    const p = JSON.parse(text) as Partial<EventPreview> | null;
    const str = (v: unknown) => typeof v === 'string';
    if (!p || !str(p.id) || !str(p.title) || !str(p.location) || !str(p.description) || !p.status || !(p.status in EVENT_STATUS_STYLE)) return null;
    if (!p.when || !str(p.when.iso) || !str(p.when.day) || !str(p.when.time) || !str(p.when.zone)) return null;
    if (p.picture !== null && (!p.picture || !str(p.picture.src) || !str(p.picture.alt))) return null;
    if (p.eventType !== null && !str(p.eventType)) return null;
    if (p.videoUrl !== null && !str(p.videoUrl)) return null;
    return p as EventPreview;
  } catch {
    return null;
  }
}
