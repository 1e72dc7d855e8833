import { POSITIONS, TIMING } from '@aesa/shared/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { MemberPhoto } from '@/components/ui/member-photo.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { DEFAULT_EXECUTIVE_BIO, type ExecutiveSlot, isConnectionError, slotsFor, useExecutives } from '@/lib/executives.ts';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion.ts';
import { EXECUTIVES_PER_PAGE, pageCount, pageItems } from '../lib/carousel.ts';
import { truncateAtWord, truncateWords } from '../lib/truncate-bio.ts';
import { useAutoAdvance } from '../lib/use-auto-advance.ts';
import { PauseButton } from './pause-button.tsx';
import { SectionHeading } from './section-heading.tsx';

/**
 * Meet Our Executives: 3 positions a page, from page 0, moving every 4 s and
 * wrapping; dots choose a page. A connection failure shows the placeholders without a word; any
 * other failure says so above them.
 */
export function ExecutivesCarousel() {
  const { data, error, isPending } = useExecutives();
  const slots = slotsFor(POSITIONS, data ?? []);
  const pages = pageCount(slots.length);

  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const still = paused || hovered || focused || reducedMotion;
  const [page, choose] = useAutoAdvance(pages, TIMING.executiveCarouselMs, still);

  return (
    <section aria-labelledby="executives-title" className="bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="executives-title" title="Meet Our Executives">
          The students who lead the association this session.
        </SectionHeading>

        {error && !isConnectionError(error) ? (
          <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            Failed to load executives: {error.message}
          </p>
        ) : null}

        <div
          className="mt-8"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
        >
          <ul
            aria-busy={isPending}
            aria-live={still ? 'polite' : 'off'}
            aria-label={`Executives, page ${page + 1} of ${pages}`}
            className="grid min-h-[20rem] gap-4 md:min-h-[26rem] md:grid-cols-3 md:gap-6"
          >
            {pageItems(slots, page, EXECUTIVES_PER_PAGE).map((slot) => (
              <li key={slot.position}>
                <ExecutiveCard slot={slot} loading={isPending} />
              </li>
            ))}
          </ul>

          <div className="mt-6 flex items-center justify-center gap-1">
            <div role="group" aria-label="Executives pages" className="flex items-center">
              {Array.from({ length: pages }, (_, i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => choose(i)}
                  aria-label={`Show executives page ${i + 1} of ${pages}`}
                  aria-pressed={i === page}
                  className="group flex size-8 items-center justify-center rounded-full"
                >
                  <span
                    className={cn(
                      'block size-3 rounded-full border border-brand-700 transition-colors',
                      i === page ? 'bg-brand-700' : 'bg-white group-hover:bg-sky-200',
                    )}
                  />
                </button>
              ))}
            </div>
            {reducedMotion ? null : (
              <PauseButton tone="dark" paused={paused} onToggle={() => setPaused((p) => !p)} what="executives slideshow" />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function ExecutiveCard({ slot, loading }: { slot: ExecutiveSlot; loading: boolean }) {
  const { holder, position } = slot;
  const bio = holder ? holder.bio?.trim() || 'No bio available' : DEFAULT_EXECUTIVE_BIO;
  const body = (
    <>
      <MemberPhoto src={holder?.profile_image_url} className="size-20 ring-4 ring-sky-100 md:size-36" />
      <div className="min-w-0 md:mt-5 md:text-center">
        <h3 className="text-lg font-bold text-navy-900">{holder ? holder.name : position}</h3>
        <p className="text-sm font-semibold text-brand-700">{holder ? position : loading ? 'Loading…' : 'Position to be filled'}</p>
        <p className="mt-2 text-sm text-slate-700 md:hidden">{truncateWords(bio)}</p>
        <p className="mt-3 hidden text-sm text-slate-700 md:block">{truncateAtWord(bio)}</p>
      </div>
    </>
  );
  const frame = 'flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 md:flex-col md:p-6';
  if (!holder) return <div className={frame}>{body}</div>;
  return (
    <Link
      to={paths.memberProfile.href(holder.id)}
      className={cn(frame, 'transition-shadow hover:border-brand-600 hover:shadow-md')}
    >
      {body}
    </Link>
  );
}
