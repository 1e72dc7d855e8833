// The Events page's list before any script: the server writes the upcoming events into the
// prerendered page with eventListHtml, so a visitor sees every card, its picture first, without
// waiting for the app. The web app's first render takes that markup over as it stands (it reads
// it from the page) and keeps it until its own list can show the same events with their dates;
// then its list replaces this one. The layout, classes and words are those of the app's list
// (events-screen.tsx, event-card.tsx, rsvp-panel.tsx), so the swap moves nothing.
import { addToCalendarHtml, escapeHtml, type EventPreview, statusLineHtml } from './event-preview.ts';
import { RSVP_VISITOR_TEXT } from './rsvp.ts';

/** The words above the list, on the app's page and in the list the server draws. */
export const EVENTS_LIST_TEXT = {
  intro: 'What is coming up for members: workshops, talks, visits and more.',
  feedBefore: 'Keep every event in your calendar:',
  feedLink: 'subscribe to the events calendar',
  feedAddressBefore: '(in your calendar app, add a calendar from this address:',
  feedAfter: '). Changes and cancellations reach it on their own.',
};

/**
 * The calendar feed of a site at `origin` ("https://aesa.example"): the address to add by hand,
 * and the webcal: link that opens the device's calendar app on its subscribe step.
 */
export function calendarFeed(origin: string): { address: string; webcal: string } {
  return { address: `${origin}/events.ics`, webcal: `webcal://${new URL(origin).host}/events.ics` };
}

/** An event as its card shows it; `answerable` when members may still say whether they are going. */
export type EventCardPreview = EventPreview & { answerable: boolean };

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

function cardHtml(p: EventCardPreview, first: boolean): string {
  const e = escapeHtml;
  const titleId = `event-title-${e(p.id)}`;
  // The first card's picture is in view on arrival and is the page's largest paint: loaded at once and first.
  const loading = first ? 'loading="eager" fetchpriority="high"' : 'loading="lazy" fetchpriority="auto"';
  const picture = p.picture
    ? `<img src="${e(p.picture.src)}" alt="${e(p.picture.alt)}" width="800" height="600" ${loading} class="aspect-[4/3] w-full bg-slate-100 object-cover">`
    : '<div class="aspect-[4/3] w-full bg-slate-100"></div>';
  const rsvp = p.answerable
    ? `<section aria-label="${e(RSVP_VISITOR_TEXT.label(p.title))}" class="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3">` +
      `<h3 class="text-navy-900 text-sm font-semibold">${e(RSVP_VISITOR_TEXT.heading)}</h3>` +
      `<p class="mt-1 text-sm text-slate-700"><a href="/login" class="${linkClass}">${e(RSVP_VISITOR_TEXT.logIn)}<span class="sr-only">${e(RSVP_VISITOR_TEXT.logInFor(p.title))}</span></a> ${e(RSVP_VISITOR_TEXT.rest)}</p>` +
      '</section>'
    : '';
  const video = p.videoUrl
    ? `<a href="${e(p.videoUrl)}" target="_blank" rel="noopener noreferrer" class="mt-3 self-start text-sm ${linkClass}">Watch Video<span class="sr-only"> of ${e(p.title)} (opens in a new tab)</span></a>`
    : '';
  return [
    `<li class="flex"><article id="event-${e(p.id)}" aria-labelledby="${titleId}" class="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm w-full border border-slate-200">`,
    picture,
    '<div class="flex flex-1 flex-col p-5">',
    statusLineHtml(p),
    `<h2 id="${titleId}" class="mt-2 text-lg font-bold break-words text-navy-900">${e(p.title)}</h2>`,
    `<p class="mt-2 text-sm font-medium text-slate-800"><time datetime="${e(p.when.iso)}">${e(p.when.day)} · ${e(p.when.time)}</time></p>`,
    `<p class="text-sm break-words text-slate-700">${e(p.location)}</p>`,
    `<p class="mt-3 text-sm break-words whitespace-pre-line text-slate-700">${e(p.description)}</p>`,
    rsvp,
    video,
    '<div class="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 pt-4 text-sm">',
    `<a href="/events/${e(encodeURIComponent(p.id))}" class="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline">Details<span class="sr-only"> of ${e(p.title)}</span><span aria-hidden="true">→</span></a>`,
    addToCalendarHtml(p),
    '</div></div></article></li>',
  ].join('');
}

/**
 * The upcoming events as the Events page lists them to a visitor, every value escaped: the words
 * above the list with the calendar feed of the site at `origin`, then a card per event.
 */
export function eventListHtml(events: EventCardPreview[], origin: string): string {
  const e = escapeHtml;
  const feed = calendarFeed(origin);
  const t = EVENTS_LIST_TEXT;
  return [
    `<p class="text-slate-700">${e(t.intro)}</p>`,
    `<p class="mt-3 text-sm text-slate-700">${e(t.feedBefore)} <a href="${e(feed.webcal)}" class="${linkClass}">${e(t.feedLink)}</a> `,
    `${e(t.feedAddressBefore)} <code class="break-all">${e(feed.address)}</code>${e(t.feedAfter)}</p>`,
    '<ul class="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">',
    ...events.map((event, i) => cardHtml(event, i === 0)),
    '</ul>',
  ].join('');
}
