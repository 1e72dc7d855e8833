import type { Achievement, Project, VolunteerActivity } from '@aesa/shared/profile';
import { dateRange, fullDate, safeHref } from '../../lib/format.ts';
import { ExternalIcon } from '../profile-icons.tsx';
import { ItemCard } from './item-card.tsx';

// What each kind of listed item shows on its card.

export function ProjectCard({ item: project, showPrivacy }: { item: Project; showPrivacy: boolean }) {
  const href = safeHref(project.project_url);
  return (
    <ItemCard
      image={project.project_image_url}
      title={project.title}
      isPrivate={showPrivacy && project.privacy}
      meta={dateRange(project.start_date, project.end_date)}
      description={project.description}
      footer={
        href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-auto inline-flex w-fit items-center gap-1 pt-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            View project <ExternalIcon />
            <span className="sr-only">{` ${project.title} (opens in a new tab)`}</span>
          </a>
        ) : null
      }
    >
      <p className="flex flex-wrap gap-1.5">
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{project.status}</span>
        {project.category ? <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{project.category}</span> : null}
      </p>
    </ItemCard>
  );
}

export function AchievementCard({ item: achievement, showPrivacy }: { item: Achievement; showPrivacy: boolean }) {
  return (
    <ItemCard
      image={achievement.achievement_image_url}
      title={achievement.title}
      isPrivate={showPrivacy && achievement.privacy}
      meta={fullDate(achievement.date_achieved)}
      description={achievement.description}
    />
  );
}

export function ActivityCard({ item: activity, showPrivacy }: { item: VolunteerActivity; showPrivacy: boolean }) {
  return (
    <ItemCard
      image={activity.activity_image_url}
      title={activity.activity_name}
      isPrivate={showPrivacy && activity.privacy}
      meta={[activity.organization, dateRange(activity.start_date, activity.end_date)].filter(Boolean).join(' · ')}
      description={activity.description}
    />
  );
}
