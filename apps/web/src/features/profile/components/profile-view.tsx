import { LIMITS } from '@aesa/shared/constants';
import type { Achievement, Project, VolunteerActivity } from '@aesa/shared/profile';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import defaultAvatar from '@/assets/art/default-avatar.svg';
import defaultCover from '@/assets/art/default-cover.svg';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import type { ProfileData } from '../api/get-profile.ts';
import { bioPreview } from '../lib/bio.ts';
import { currentRole, dateRange, fullDate, levelLine, safeHref, safeImageSrc } from '../lib/format.ts';
import { TILE_PALETTE, assignTileColours } from '../lib/tile-colours.ts';
import type { EditorName } from './editor-name.ts';
import { CameraIcon, ExternalIcon, LockIcon, MailIcon, PencilIcon, PhoneIcon } from './profile-icons.tsx';
import { PLATFORMS, platformKey } from './social-platforms.ts';

export type ProfileMode = 'own' | 'member';

/**
 * The profile page (spec 01 §2): the same layout for one's own profile and for a member's,
 * with edit controls only when `onEdit` is given (the owner).
 */
export function ProfileView({
  profile,
  mode,
  onEdit,
  showAdminLink = false,
  notice,
}: {
  profile: ProfileData;
  mode: ProfileMode;
  onEdit?: (editor: EditorName) => void;
  showAdminLink?: boolean;
  notice?: ReactNode;
}) {
  // A member who has not given a name yet (new accounts) is shown by matric number.
  const name = profile.name?.trim() || profile.matric_number;
  const role = currentRole(profile);
  const line = levelLine(profile);
  const cover = safeImageSrc(profile.cover_image_url) ?? defaultCover;
  const avatar = safeImageSrc(profile.profile_image_url) ?? defaultAvatar;
  const projects = profile.user_project_collaborators.map((c) => c.user_projects).filter(Boolean);

  return (
    <div className="mx-auto w-full max-w-6xl px-0 pb-12 sm:px-6 sm:pt-6">
      {notice}
      <header className="overflow-hidden bg-white shadow-sm sm:rounded-2xl">
        <div className="relative">
          <img
            src={cover}
            alt={profile.cover_image_url ? `Cover image of ${name}` : ''}
            className="h-36 w-full object-cover sm:h-56 lg:h-64"
            data-testid="profile-cover"
          />
          {onEdit ? (
            <button
              type="button"
              onClick={() => onEdit('cover-image')}
              className="absolute top-3 right-3 inline-flex items-center gap-2 rounded-lg bg-slate-950/70 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-950/85"
            >
              <CameraIcon />
              <span>Change cover image</span>
            </button>
          ) : null}
        </div>
        <div className="px-4 pb-5 sm:px-8">
          <div className="relative -mt-14 w-fit sm:-mt-20">
            <img
              src={avatar}
              alt={profile.profile_image_url ? `Profile picture of ${name}` : ''}
              className="size-28 rounded-full border-4 border-white bg-slate-100 object-cover shadow-md sm:size-36"
              data-testid="profile-avatar"
            />
            {onEdit ? (
              <button
                type="button"
                onClick={() => onEdit('profile-image')}
                aria-label="Change profile picture"
                className="absolute right-0 bottom-1 flex size-10 items-center justify-center rounded-full border-2 border-white bg-brand-600 text-white shadow hover:bg-brand-700"
              >
                <CameraIcon className="size-5" />
              </button>
            ) : null}
          </div>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight break-words text-navy-900 sm:text-3xl">{name}</h1>
              {line ? <p className="mt-1 text-slate-700">{line}</p> : null}
              {role ? (
                <p className="mt-2">
                  <span className="inline-flex items-center rounded-full bg-navy-900 px-3 py-1 text-sm font-semibold text-white">
                    <span className="sr-only">Association role: </span>
                    {role}
                  </span>
                </p>
              ) : null}
            </div>
            {showAdminLink ? (
              <Link to={paths.admin.dashboard.href()} className={buttonClasses({ variant: 'secondary' })}>
                Admin Dashboard
              </Link>
            ) : null}
          </div>
        </div>
      </header>

      <div className="mt-4 grid gap-4 px-4 sm:px-0 lg:grid-cols-[24rem_minmax(0,1fr)] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <BioSection bio={profile.bio} onEdit={onEdit && (() => onEdit('bio'))} />
          <SkillsSection skills={profile.user_skills.map((s) => s.skill_name)} onEdit={onEdit && (() => onEdit('bio'))} />
          <ContactSection profile={profile} mode={mode} onEdit={onEdit && (() => onEdit('contact'))} />
          <SocialSection profile={profile} onEdit={onEdit && (() => onEdit('social'))} />
        </div>
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <Section title="Articles Published">
            <p className="text-slate-700">This member has not published any articles yet.</p>
          </Section>
          <ItemsSection
            title="Projects"
            items={projects}
            empty="No projects uploaded yet."
            mode={mode}
            editLabel="Manage projects"
            onEdit={onEdit && (() => onEdit('projects'))}
            render={(p) => <ProjectCard project={p} showPrivacy={mode === 'own'} />}
          />
          <ItemsSection
            title="Achievements"
            items={profile.user_achievements}
            empty="No achievements added yet."
            mode={mode}
            editLabel="Manage achievements"
            onEdit={onEdit && (() => onEdit('achievements'))}
            render={(a) => <AchievementCard achievement={a} showPrivacy={mode === 'own'} />}
          />
          <ItemsSection
            title="Volunteer Activities"
            items={profile.user_volunteer_activities}
            empty="No volunteer activities added yet."
            mode={mode}
            editLabel="Manage volunteer activities"
            onEdit={onEdit && (() => onEdit('activities'))}
            render={(v) => <ActivityCard activity={v} showPrivacy={mode === 'own'} />}
          />
        </div>
      </div>
    </div>
  );
}

function Section({
  title,
  editLabel,
  onEdit,
  action,
  children,
}: {
  title: string;
  editLabel?: string;
  onEdit?: () => void;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-navy-900">
          {title}
        </h2>
        <div className="flex items-center gap-1">
          {action}
          {onEdit ? (
            <button
              type="button"
              onClick={onEdit}
              aria-label={editLabel ?? `Edit ${title.toLowerCase()}`}
              title={editLabel ?? `Edit ${title.toLowerCase()}`}
              className="flex size-10 items-center justify-center rounded-lg text-brand-700 hover:bg-sky-50"
            >
              <PencilIcon className="size-5" />
            </button>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}

function BioSection({ bio, onEdit }: { bio: string | null; onEdit?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const preview = bioPreview(bio);
  const id = useId();
  return (
    <Section title="Bio" editLabel="Edit bio and skills" onEdit={onEdit}>
      {preview.text ? (
        <>
          <p id={id} className="text-slate-800 break-words whitespace-pre-line">
            {expanded ? (bio ?? '').trim() : preview.text}
          </p>
          {preview.truncated ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={id}
              onClick={() => setExpanded((e) => !e)}
              className="mt-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {expanded ? 'See less' : 'See more'}
            </button>
          ) : null}
        </>
      ) : (
        <p className="text-slate-600">No bio available</p>
      )}
    </Section>
  );
}

function SkillTiles({ skills, colours }: { skills: string[]; colours: number[] }) {
  return (
    <ul className="grid grid-cols-3 gap-1.5">
      {skills.map((skill, i) => (
        <li
          key={skill}
          className={cn(
            'flex min-h-12 items-center justify-center rounded-lg px-0.5 py-2 text-center text-xs leading-snug font-semibold break-words text-white',
            TILE_PALETTE[colours[i] ?? 0],
          )}
          style={{ overflowWrap: 'anywhere' }}
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}

function SkillsSection({ skills, onEdit }: { skills: string[]; onEdit?: () => void }) {
  const [open, setOpen] = useState(false);
  // Drawn once per list of skills: the colours stay put while the page re-renders.
  const key = skills.join('\n');
  const colours = useMemo(() => assignTileColours(key ? key.split('\n').length : 0), [key]);
  const shown = skills.slice(0, LIMITS.skillsPreview);
  return (
    <Section
      title="Skills"
      editLabel="Edit bio and skills"
      onEdit={onEdit}
      action={
        skills.length > LIMITS.skillsPreview ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-sky-50"
          >
            See All
          </button>
        ) : null
      }
    >
      {skills.length === 0 ? <p className="text-slate-600">No skills added yet.</p> : <SkillTiles skills={shown} colours={colours} />}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent title="All Skills" description={`${skills.length} skills`}>
            <SkillTiles skills={skills} colours={colours} />
          </DialogContent>
        ) : null}
      </Dialog>
    </Section>
  );
}

function ContactSection({ profile, mode, onEdit }: { profile: ProfileData; mode: ProfileMode; onEdit?: () => void }) {
  const email = profile.email?.trim();
  const phone = profile.phone_number?.trim();
  return (
    <Section title="Contact Info" editLabel="Edit contact info" onEdit={onEdit}>
      <dl className="space-y-3">
        <div className="flex items-start gap-3">
          <dt className="mt-0.5 text-slate-600">
            <MailIcon />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="min-w-0 break-words text-slate-800">
            {email ? (
              <a href={`mailto:${email}`} className="text-brand-700 underline-offset-2 hover:underline">
                {email}
              </a>
            ) : (
              <span className="text-slate-600">{mode === 'own' ? 'No email provided' : 'Email not public'}</span>
            )}
          </dd>
        </div>
        <div className="flex items-start gap-3">
          <dt className="mt-0.5 text-slate-600">
            <PhoneIcon />
            <span className="sr-only">Phone</span>
          </dt>
          <dd className="min-w-0 break-words text-slate-800">
            {phone ? (
              <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="text-brand-700 underline-offset-2 hover:underline">
                {phone}
              </a>
            ) : (
              <span className="text-slate-600">{mode === 'own' ? 'No phone provided' : 'Phone not public'}</span>
            )}
          </dd>
        </div>
      </dl>
    </Section>
  );
}

function SocialSection({ profile, onEdit }: { profile: ProfileData; onEdit?: () => void }) {
  const links = new Map(profile.user_social_links.map((l) => [platformKey(l.platform_name), l.profile_url]));
  return (
    <Section title="Social Links" editLabel="Edit social links" onEdit={onEdit}>
      <ul className="flex flex-wrap gap-2">
        {PLATFORMS.map(({ key, label, Icon }) => {
          const href = safeHref(links.get(key));
          return (
            <li key={key}>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                  title={label}
                  className="flex size-11 items-center justify-center rounded-full bg-navy-900 text-white hover:bg-brand-700"
                >
                  <Icon />
                </a>
              ) : (
                <span
                  title={`${label}: not added`}
                  className="flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500"
                >
                  <Icon />
                  <span className="sr-only">{label}: not added</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function ItemsSection<T extends { id: string }>({
  title,
  items,
  empty,
  editLabel,
  onEdit,
  render,
}: {
  title: string;
  items: T[];
  empty: string;
  mode: ProfileMode;
  editLabel: string;
  onEdit?: () => void;
  render: (item: T) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? items : items.slice(0, LIMITS.profileSectionPreview);
  return (
    <Section title={title} editLabel={editLabel} onEdit={onEdit}>
      {items.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <>
          <ul id={listId} className="grid gap-3 md:grid-cols-2">
            {shown.map((item) => (
              <li key={item.id} className="min-w-0">
                {render(item)}
              </li>
            ))}
          </ul>
          {items.length > LIMITS.profileSectionPreview ? (
            <div className="mt-3 text-center">
              <button
                type="button"
                aria-expanded={all}
                aria-controls={listId}
                onClick={() => setAll((a) => !a)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                {all ? 'Show Less' : 'See All'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}

export function PrivateBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <LockIcon />
      Private
    </span>
  );
}

function ItemCard({
  image,
  title,
  isPrivate,
  meta,
  children,
}: {
  image: string | null;
  title: string;
  isPrivate: boolean;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  const src = safeImageSrc(image);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      {src ? <img src={src} alt="" className="h-36 w-full bg-slate-200 object-cover" loading="lazy" /> : null}
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-bold break-words text-slate-900">{title}</h3>
          {isPrivate ? <PrivateBadge /> : null}
        </div>
        {meta ? <div className="text-sm text-slate-600">{meta}</div> : null}
        {children}
      </div>
    </article>
  );
}

function Clamp({ text }: { text: string | null }) {
  if (!text) return null;
  return <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-slate-700">{text}</p>;
}

function ProjectCard({ project, showPrivacy }: { project: Project; showPrivacy: boolean }) {
  const href = safeHref(project.project_url);
  return (
    <ItemCard
      image={project.project_image_url}
      title={project.title}
      isPrivate={showPrivacy && project.privacy}
      meta={dateRange(project.start_date, project.end_date)}
    >
      <p className="flex flex-wrap gap-1.5">
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{project.status}</span>
        {project.category ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{project.category}</span>
        ) : null}
      </p>
      <Clamp text={project.description} />
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex w-fit items-center gap-1 pt-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          View project <ExternalIcon />
          <span className="sr-only">{` ${project.title} (opens in a new tab)`}</span>
        </a>
      ) : null}
    </ItemCard>
  );
}

function AchievementCard({ achievement, showPrivacy }: { achievement: Achievement; showPrivacy: boolean }) {
  return (
    <ItemCard
      image={achievement.achievement_image_url}
      title={achievement.title}
      isPrivate={showPrivacy && achievement.privacy}
      meta={fullDate(achievement.date_achieved)}
    >
      <Clamp text={achievement.description} />
    </ItemCard>
  );
}

function ActivityCard({ activity, showPrivacy }: { activity: VolunteerActivity; showPrivacy: boolean }) {
  const range = dateRange(activity.start_date, activity.end_date);
  return (
    <ItemCard
      image={activity.activity_image_url}
      title={activity.activity_name}
      isPrivate={showPrivacy && activity.privacy}
      meta={[activity.organization, range].filter(Boolean).join(' · ')}
    >
      <Clamp text={activity.description} />
    </ItemCard>
  );
}
