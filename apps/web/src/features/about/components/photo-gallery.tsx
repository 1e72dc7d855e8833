import { useState } from 'react';
import gallery1 from '@/assets/art/gallery-1.svg';
import gallery2 from '@/assets/art/gallery-2.svg';
import gallery3 from '@/assets/art/gallery-3.svg';
import gallery4 from '@/assets/art/gallery-4.svg';
import gallery5 from '@/assets/art/gallery-5.svg';
import gallery6 from '@/assets/art/gallery-6.svg';
import { cn } from '@/lib/cn.ts';

const PHOTOS = [
  { src: gallery1, caption: 'Industry visit', alt: 'Students in hard hats touring an aircraft hangar with a guide' },
  { src: gallery2, caption: 'Webinar', alt: 'A laptop showing a live talk with participant tiles' },
  { src: gallery3, caption: 'Conference', alt: 'A speaker at a podium with an aircraft on the screen behind' },
  { src: gallery4, caption: 'Rocketry', alt: 'A model rocket team cheering as their rocket launches' },
  { src: gallery5, caption: 'Design lab', alt: 'A CAD workstation with a wireframe aircraft on twin monitors' },
  { src: gallery6, caption: 'Our community', alt: 'Members holding an AESA banner at sunset' },
] as const;

// One turn a minute: slow enough to look at each picture. Pictures turn back the other way at
// the same speed so they stay upright. Reduced motion: no animation at all.
const SPIN = 'animate-[spin_60s_linear_infinite] motion-reduce:animate-none';
const COUNTER_SPIN = 'animate-[spin_60s_linear_infinite_reverse] motion-reduce:animate-none';

/** The photo gallery: a rotating circle on small screens, a grid on larger ones. */
export function PhotoGallery({ associationName }: { associationName: string }) {
  const [paused, setPaused] = useState(false);
  const still = paused ? '[animation-play-state:paused]' : 'group-hover:[animation-play-state:paused]';
  return (
    <section aria-labelledby="gallery-title" className="py-12 sm:py-16">
      <h2 id="gallery-title" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        Gallery
      </h2>
      <p className="mt-2 text-slate-700">Moments from our visits, talks, launches and days together.</p>

      {/* Small screens: the circle. */}
      <div className="mt-8 sm:hidden">
        <div className="group relative mx-auto size-80 overflow-hidden">
          <ul className={cn('absolute inset-0', SPIN, still)}>
            {PHOTOS.map((photo, i) => {
              const angle = (i / PHOTOS.length) * 2 * Math.PI;
              return (
                <li
                  key={photo.src}
                  className="absolute size-24"
                  style={{ left: `calc(50% + ${Math.sin(angle) * 6.75}rem - 3rem)`, top: `calc(50% - ${Math.cos(angle) * 6.75}rem - 3rem)` }}
                >
                  <img
                    src={photo.src}
                    alt={photo.alt}
                    width={800}
                    height={600}
                    loading="lazy"
                    className={cn('size-24 rounded-full object-cover shadow-md ring-4 ring-white', COUNTER_SPIN, still)}
                  />
                </li>
              );
            })}
          </ul>
          <p aria-hidden="true" className="absolute inset-0 m-auto flex size-28 items-center justify-center rounded-full bg-navy-900 text-center text-sm font-bold text-white">
            Life at
            <br />
            {associationName}
          </p>
        </div>
        <div className="mt-4 flex justify-center motion-reduce:hidden">
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {paused ? 'Resume the gallery' : 'Pause the gallery'}
          </button>
        </div>
      </div>

      {/* Larger screens: the grid, with captions. */}
      <ul className="mt-8 hidden gap-4 sm:grid sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {PHOTOS.map((photo) => (
          <li key={photo.src}>
            <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <img src={photo.src} alt={photo.alt} width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              <figcaption className="px-4 py-3 text-sm font-semibold text-navy-900">{photo.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
