import { useId } from 'react';
import { Link } from 'react-router';
import electionsArt from '@/assets/art/event-elections.svg';
import webinarArt from '@/assets/art/event-webinar.svg';
import workshopArt from '@/assets/art/event-workshop.svg';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { SectionHeading } from './section-heading.tsx';

// Three static cards: General Elections goes to /elections, the
// others to /events.
const EVENTS = [
  {
    title: 'General Elections',
    when: 'This session',
    text: 'Choose the executives who will lead the association. Read the rules, meet the candidates and vote.',
    image: electionsArt,
    to: paths.elections.href(),
    action: 'Go to the elections',
  },
  {
    title: 'Industry Webinar Series',
    when: 'Dates to be announced',
    text: 'Live talks with engineers and alumni working in airlines, maintenance, research and the space sector.',
    image: webinarArt,
    to: paths.events.href(),
    action: 'See events',
  },
  {
    title: 'Hands-on Design Workshop',
    when: 'Dates to be announced',
    text: 'A practical day of CAD, 3D printing and electronics: come away with a part you designed and built.',
    image: workshopArt,
    to: paths.events.href(),
    action: 'See events',
  },
] as const;

export function EventsBlock() {
  const noteId = useId();
  return (
    <section aria-labelledby="events-title" className="py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading id="events-title" title="Upcoming Events">
            What is coming up for members.
          </SectionHeading>
          {/* The spec's View All Events does nothing: it stays visible but says it is not ready yet. */}
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <button
              type="button"
              aria-disabled="true"
              aria-describedby={noteId}
              onClick={(e) => e.preventDefault()}
              className={buttonClasses({ variant: 'outline', className: 'cursor-not-allowed' })}
            >
              View All Events
            </button>
            <p id={noteId} className="text-xs text-slate-600">
              The full calendar is coming soon.
            </p>
          </div>
        </div>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {EVENTS.map((event) => (
            <li key={event.title} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <img src={event.image} alt="" width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              <div className="flex flex-1 flex-col p-5">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.when}</p>
                <h3 className="mt-1 text-lg font-bold text-navy-900">{event.title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-700">{event.text}</p>
                <Link
                  to={event.to}
                  aria-label={`${event.action}: ${event.title}`}
                  className="mt-4 inline-flex items-center gap-1 self-start font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {event.action}
                  <span aria-hidden="true">→</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
