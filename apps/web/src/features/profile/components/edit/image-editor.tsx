import { type FormEvent, useEffect, useState } from 'react';
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
import { ImageFileField } from './image-file-field.tsx';

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
        <ImageFileField
          className="mt-4"
          label={text.label}
          name="file"
          hint="JPEG, PNG or WebP, less than 5MB."
          error={error}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <EditorActions busy={busy} busyLabel="Uploading..." label="Upload" disabled={!file} />
      </form>
    </EditorDialog>
  );
}
