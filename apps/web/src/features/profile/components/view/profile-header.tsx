import { Link } from 'react-router';
import defaultAvatar from '@/assets/art/default-avatar.svg';
import defaultCover from '@/assets/art/default-cover.svg';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { currentRole, levelLine, safeImageSrc } from '../../lib/format.ts';
import type { EditorName } from '../editor-name.ts';
import { CameraIcon, PencilIcon } from '../profile-icons.tsx';

/** Cover image, round profile picture, name, level and class-of line, role badge, and the Admin Dashboard link. */
export function ProfileHeader({
  profile,
  onEdit,
  showAdminLink,
}: {
  profile: ProfileData;
  onEdit?: (editor: EditorName) => void;
  showAdminLink: boolean;
}) {
  // A member who has not given a name yet (new accounts) is shown by matric number.
  const name = profile.name?.trim() || profile.matric_number;
  const role = currentRole(profile);
  const line = levelLine(profile);
  const cover = safeImageSrc(profile.cover_image_url) ?? defaultCover;
  const avatar = safeImageSrc(profile.profile_image_url) ?? defaultAvatar;
  return (
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
            <div className="flex items-center gap-1">
              <h1 className="text-2xl font-bold tracking-tight break-words text-navy-900 sm:text-3xl">{name}</h1>
              {onEdit ? (
                <button
                  type="button"
                  onClick={() => onEdit('basics')}
                  aria-label="Edit name, level and year"
                  title="Edit name, level and year"
                  className="flex size-10 shrink-0 items-center justify-center rounded-lg text-brand-700 hover:bg-sky-50"
                >
                  <PencilIcon className="size-5" />
                </button>
              ) : null}
            </div>
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
  );
}
