import type { AdminMeResponse } from '@aesa/shared/admin';
import { Link } from 'react-router';
import { canUseModule } from '@/lib/module-access.ts';
import { MODULE_CARDS, type ModuleCard } from '../lib/modules.ts';

/** The seven module cards: a link when the member's role allows it, else greyed and marked Access Denied. */
export function ModuleCards({ me }: { me: AdminMeResponse }) {
  return (
    <section aria-labelledby="modules-title">
      <h2 id="modules-title" className="sr-only">
        Admin modules
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {MODULE_CARDS.map((card) => (
          <li key={card.module} className="flex">
            {canUseModule(me, card.module) ? <OpenCard card={card} /> : <DeniedCard card={card} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenCard({ card }: { card: ModuleCard }) {
  return (
    <Link
      to={card.href}
      className="group flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
    >
      <span className="flex size-11 items-center justify-center rounded-xl bg-sky-100 text-brand-700">
        <CardIcon icon={card.icon} />
      </span>
      <span className="mt-4 text-lg font-bold text-navy-900 group-hover:text-brand-700">{card.title}</span>
      <span className="mt-1 text-sm text-slate-600">{card.description}</span>
      <span className="mt-4 text-sm font-semibold text-brand-700" aria-hidden="true">
        Open →
      </span>
    </Link>
  );
}

function DeniedCard({ card }: { card: ModuleCard }) {
  return (
    <div
      aria-disabled="true"
      data-denied
      className="flex w-full flex-col rounded-2xl border border-slate-200 bg-slate-100 p-5 text-slate-600"
    >
      <span className="flex size-11 items-center justify-center rounded-xl bg-slate-200 text-slate-600">
        <CardIcon icon={card.icon} />
      </span>
      <span className="mt-4 text-lg font-bold text-slate-700">{card.title}</span>
      <span className="mt-1 text-sm">{card.description}</span>
      <span className="mt-4 inline-flex items-center gap-1 self-start rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
        <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        Access Denied
      </span>
    </div>
  );
}

const ICON_PATHS: Record<ModuleCard['icon'], string> = {
  article: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  ballot: 'M4 12h16v8H4zM8 12V5h8v7M10 8.5l1.5 1.5L14 7',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
};

function CardIcon({ icon }: { icon: ModuleCard['icon'] }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d={ICON_PATHS[icon]} />
    </svg>
  );
}
