import conferencesArt from '@/assets/art/activity-conferences.svg';
import industryArt from '@/assets/art/activity-industry-visits.svg';
import projectsArt from '@/assets/art/activity-projects.svg';
import webinarsArt from '@/assets/art/activity-webinars.svg';

const ACTIVITIES = [
  {
    title: 'Industry visits',
    image: industryArt,
    text: 'Tours of hangars, maintenance organisations and research centres, to see the work behind every flight.',
  },
  {
    title: 'Webinars',
    image: webinarsArt,
    text: 'Talks from engineers, researchers and alumni on careers, tools and the newest ideas in the field.',
  },
  {
    title: 'Conferences',
    image: conferencesArt,
    text: 'Students present their work, meet practitioners and follow the debates that shape aerospace.',
  },
  {
    title: 'Projects',
    image: projectsArt,
    text: 'Teams design, build and test drones, rockets, CubeSats and software, from the first sketch to launch day.',
  },
] as const;

/** Our Activities: industry visits, webinars, conferences and projects. */
export function ActivitiesBlock() {
  return (
    <section aria-labelledby="activities-title" className="bg-navy-900 py-14 text-white sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="activities-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Our Activities
        </h2>
        <p className="mt-2 max-w-2xl text-slate-200">Learning beyond the lecture hall, all through the session.</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {ACTIVITIES.map((activity) => (
            <li key={activity.title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
              <img src={activity.image} alt="" width={400} height={400} loading="lazy" className="size-24 rounded-xl" />
              <h3 className="mt-4 text-lg font-bold">{activity.title}</h3>
              <p className="mt-2 text-sm text-slate-200">{activity.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
