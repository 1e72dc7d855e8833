import { APPROVED_SESSION } from '@aesa/shared/constants';

const CARDS = [
  {
    title: 'Who we are',
    text: "The Aerospace Engineering Students' Association brings together every student and alumnus of aerospace engineering at our university.",
  },
  {
    title: 'Officially approved',
    text: `The association was officially approved in the ${APPROVED_SESSION} academic session, with an elected executive serving members each session.`,
  },
  {
    title: 'What we do',
    text: 'Industry visits, webinars, conferences and projects that take learning beyond the lecture hall and into the industry.',
  },
  {
    title: 'Who can join',
    text: 'Students from 100 Level to 500 Level and our alumni. Register with your matric number to keep a profile and vote.',
  },
] as const;

/** About Us info cards. */
export function InfoCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CARDS.map((card) => (
        <li key={card.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-bold text-navy-900">{card.title}</h2>
          <p className="mt-2 text-sm text-slate-700">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
