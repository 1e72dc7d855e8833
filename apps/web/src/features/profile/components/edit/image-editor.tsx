import { type FormEvent, useEffect, useId, useState } from 'react';
import defaultAvatar from '@/assets/art/default-avatar.svg';
import defaultCover from '@/assets/art/default-cover.svg';
import { updateSessionUser, useUser } from '@/lib/auth.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { type ProfileImageKind, uploadProfileImage } from '../../api/upload-image.ts';
import { imageFileProblem, safeImageSrc } from '../../lib/format.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { endedSession, errorText, useRefreshProfile } from './editor-helpers.ts';

const TEXT = {
  profile: {
    title: 'Update Profile Picture',
    label: 'Choose a profile picture',
    success: 'Profile image updated successfully!',
    failure: 'Failed to update profile image',
  },
  cover: {
    title: 'Update Cover Image',
    label: 'Choose a cover image',
    success: 'Cover image updated successfully!',
    failure: 'Failed to update cover image',
  },
} as const;

/** Profile picture or cover image upload. */
export function ImageEditor({ kind, profile, onClose }: { kind: ProfileImageKind; profile: ProfileData; onClose: () => void }) {
  const text = TEXT[kind];
  const user = useUser();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const refresh = useRefreshProfile();
  const inputId = useId();
  const current = safeImageSrc(kind === 'profile' ? profile.profile_image_url : profile.cover_image_url) ?? (kind === 'profile' ? defaultAvatar : defaultCover);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(next: File | undefined) {
    if (!next) return;
    const problem = imageFileProblem(next);
    setError(problem);
    setFile(problem ? null : next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError('Please select a valid image file (JPEG, PNG, WebP).');
    setBusy(true);
    try {
      const res = await uploadProfileImage(kind, file);
      if (kind === 'profile' && user) updateSessionUser({ ...user, profile_image_url: res.url });
      flash.success(text.success);
      setSaved(true);
      void refresh();
    } catch (err) {
      if (!endedSession(err)) {
        setError(errorText(err));
        flash.error(`${text.failure}: ${errorText(err)}`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <EditorDialog title={text.title} dirty={!!file} saved={saved} busy={busy} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <img
          src={preview ?? current}
          alt={preview ? 'Preview of the chosen image' : 'Current image'}
          className={cn(
            'mx-auto bg-slate-100 object-cover',
            kind === 'profile' ? 'size-40 rounded-full' : 'aspect-[4/1] w-full rounded-xl',
          )}
        />
        <div className="mt-4">
          <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
            {text.label}
          </label>
          <input
            id={inputId}
            type="file"
            name="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => choose(e.target.files?.[0])}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-navy-900 file:px-4 file:text-sm file:font-semibold file:text-white hover:file:bg-navy-800"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
            JPEG, PNG or WebP, less than 5MB.
          </p>
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <EditorActions busy={busy} busyLabel="Uploading..." label="Upload" disabled={!file} />
      </form>
    </EditorDialog>
  );
}
