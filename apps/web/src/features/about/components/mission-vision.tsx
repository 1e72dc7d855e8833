import missionArt from '@/assets/art/about-mission.svg';
import visionArt from '@/assets/art/about-vision.svg';

const STATEMENTS = [
  {
    title: 'Our Mission',
    image: missionArt,
    text: 'To equip every aerospace engineering student with the skills, contacts and confidence to build a career in the industry, through hands-on projects, industry exposure and a community that learns together.',
  },
  {
    title: 'Our Vision',
    image: visionArt,
    text: 'A generation of engineers from our department who lead research, industry and innovation in aerospace, at home and across the world.',
  },
] as const;

export function MissionVision() {
  return (
    <section aria-label="Mission and Vision" className="grid gap-6 md:grid-cols-2">
      {STATEMENTS.map((s) => (
        <article key={s.title} className="flex flex-col items-center gap-5 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:text-left">
          <img src={s.image} alt="" width={400} height={400} loading="lazy" className="size-28 shrink-0 rounded-2xl sm:size-32" />
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-navy-900">{s.title}</h2>
            <p className="mt-2 text-slate-700">{s.text}</p>
          </div>
        </article>
      ))}
    </section>
  );
}
