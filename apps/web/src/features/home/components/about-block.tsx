import { APPROVED_SESSION } from '@aesa/shared/constants';
import { Link } from 'react-router';
import missionArt from '@/assets/art/about-mission.svg';
import visionArt from '@/assets/art/about-vision.svg';
import { paths } from '@/config/paths.ts';
import { SectionHeading } from './section-heading.tsx';

/** The home page's About, Mission and Vision block. */
export function AboutBlock() {
  return (
    <section aria-labelledby="about-title" className="py-14 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 lg:grid-cols-3">
        <div className="lg:pr-6">
          <SectionHeading id="about-title" title="About Us">
            We are the students and alumni of aerospace engineering at our university, officially approved as an
            association in the {APPROVED_SESSION} academic session.
          </SectionHeading>
          <p className="mt-4 text-slate-700">
            We bring members together with industry, with each other and with the problems that matter in flight and
            space.
          </p>
          <Link
            to={paths.about.href()}
            className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            More about the association
            <span aria-hidden="true">→</span>
          </Link>
        </div>
        <Statement image={missionArt} title="Our Mission">
          To equip every aerospace engineering student with the skills, contacts and confidence to build a career in
          the industry, through hands-on projects, industry exposure and a community that learns together.
        </Statement>
        <Statement image={visionArt} title="Our Vision">
          A generation of engineers from our department who lead research, industry and innovation in aerospace, at
          home and across the world.
        </Statement>
      </div>
    </section>
  );
}

function Statement({ image, title, children }: { image: string; title: string; children: string }) {
  return (
    <article className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:flex-col">
      <img src={image} alt="" width={400} height={400} loading="lazy" className="size-20 shrink-0 rounded-xl sm:size-24" />
      <div>
        <h3 className="text-xl font-bold text-navy-900">{title}</h3>
        <p className="mt-2 text-slate-700">{children}</p>
      </div>
    </article>
  );
}
