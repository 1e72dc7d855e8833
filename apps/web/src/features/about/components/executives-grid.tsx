import { ABOUT_EXECUTIVE_ORDER } from '@aesa/shared/constants';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { MemberPhoto } from '@/components/ui/member-photo.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { DEFAULT_EXECUTIVE_BIO, type ExecutiveSlot, slotsFor, useExecutives } from '@/lib/executives.ts';
import { aboutExecutivesError } from '../lib/executives-error.ts';

// The About page shows nine positions in a 3x3 grid and Sports Director centred below.
// ABOUT_EXECUTIVE_ORDER lists exactly those ten, Sports Director last.
const GRID_POSITIONS = ABOUT_EXECUTIVE_ORDER.slice(0, 9);
const BELOW_POSITION = ABOUT_EXECUTIVE_ORDER.slice(9);

export function ExecutivesGrid() {
  const { data, error, isPending } = useExecutives();
  const executives = data ?? [];

  return (
    <section aria-labelledby="executives-title" className="py-12 sm:py-16">
      <h2 id="executives-title" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        Our Executives
      </h2>
      <p className="mt-2 text-slate-700">The officers serving the association this session.</p>

      {isPending ? (
        <LoadingMessage className="mt-8 py-12">Loading executives...</LoadingMessage>
      ) : (
        <>
          {error ? (
            <div role="alert" className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm font-medium">{aboutExecutivesError(error)}</p>
              <Button variant="outline" size="sm" className="shrink-0" onClick={() => window.location.reload()}>
                Try Again
              </Button>
            </div>
          ) : null}
          <ul className="mt-8 grid gap-4 sm:grid-cols-3 lg:gap-6">
            {slotsFor(GRID_POSITIONS, executives).map((slot) => (
              <li key={slot.position}>
                <ExecutiveCard slot={slot} />
              </li>
            ))}
            {slotsFor(BELOW_POSITION, executives).map((slot) => (
              <li key={slot.position} className="sm:col-start-2">
                <ExecutiveCard slot={slot} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ExecutiveCard({ slot }: { slot: ExecutiveSlot }) {
  const { holder, position } = slot;
  const content = (
    <>
      <MemberPhoto src={holder?.profile_image_url} className="size-20 ring-4 ring-sky-100 sm:size-28" />
      <div className="min-w-0 sm:mt-4">
        <h3 className="text-base font-bold text-navy-900 sm:text-lg">{position}</h3>
        <p className={cn('text-sm', holder ? 'font-semibold text-brand-700' : 'text-slate-600')}>
          {holder ? holder.name : DEFAULT_EXECUTIVE_BIO}
        </p>
      </div>
    </>
  );
  const frame = 'flex h-full items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-col sm:p-6 sm:text-center';
  // No holder: the card looks the same but is not a link (nothing to go to).
  if (!holder) return <div className={frame}>{content}</div>;
  return (
    <Link to={paths.memberProfile.href(holder.id)} className={cn(frame, 'transition-shadow hover:shadow-md hover:ring-brand-600')}>
      {content}
    </Link>
  );
}
