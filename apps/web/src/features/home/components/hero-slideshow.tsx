import { TIMING } from '@aesa/shared/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import hero1 from '@/assets/art/hero-1.svg';
import hero2 from '@/assets/art/hero-2.svg';
import hero3 from '@/assets/art/hero-3.svg';
import hero4 from '@/assets/art/hero-4.svg';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion.ts';
import { useAutoAdvance } from '../lib/use-auto-advance.ts';
import { PauseButton } from './pause-button.tsx';

const SLIDES = [hero1, hero2, hero3, hero4];

/** Four images changing every 2 s, clickable dots, the headline and Join Us. */
export function HeroSlideshow({ associationName, showJoin }: { associationName: string; showJoin: boolean }) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [slide, choose] = useAutoAdvance(SLIDES.length, TIMING.heroIntervalMs, paused || reducedMotion);

  return (
    <section aria-labelledby="home-title" className="relative isolate overflow-hidden bg-navy-900 text-white">
      {/* The pictures are decoration behind the headline: the text says what the page is. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        {SLIDES.map((src, i) => (
          <img
            key={src}
            src={src}
            alt=""
            width={1600}
            height={900}
            fetchPriority={i === 0 ? 'high' : 'low'}
            className={cn(
              'absolute inset-0 size-full object-cover transition-opacity duration-700',
              i === slide ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-r from-navy-950/90 via-navy-950/70 to-navy-950/30" />
      </div>

      <div className="mx-auto flex min-h-[30rem] max-w-6xl flex-col justify-center px-4 py-16 sm:min-h-[34rem] sm:px-6 lg:min-h-[38rem]">
        <p className="text-sm font-semibold tracking-widest text-accent-300 uppercase">{associationName}</p>
        <h1 id="home-title" className="mt-3 max-w-2xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          Aerospace Engineering Students&apos; Association
        </h1>
        <p className="mt-5 max-w-xl text-lg text-slate-100 sm:text-xl">
          Where future engineers of flight and space learn, build and lead together.
        </p>
        {showJoin ? (
          <div className="mt-8">
            <Link to={paths.auth.register.href()} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
              Join Us
            </Link>
          </div>
        ) : null}
      </div>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-1">
        <div role="group" aria-label="Background pictures" className="flex items-center">
          {SLIDES.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => choose(i)}
              aria-label={`Show picture ${i + 1} of ${SLIDES.length}`}
              aria-pressed={i === slide}
              className="group flex size-8 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block size-3 rounded-full border border-white transition-colors',
                  i === slide ? 'bg-white' : 'bg-white/20 group-hover:bg-white/60',
                )}
              />
            </button>
          ))}
        </div>
        {reducedMotion ? null : (
          <PauseButton paused={paused} onToggle={() => setPaused((p) => !p)} what="background pictures" />
        )}
      </div>
    </section>
  );
}
