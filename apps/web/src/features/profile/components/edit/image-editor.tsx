import type { ImageFileInput } from '@aesa/shared/schemas/uploads';
import { useEffect, useMemo } from 'react';
import defaultAvatar from '@/assets/art/default-avatar.svg';
import defaultCover from '@/assets/art/default-cover.svg';
import { updateSessionUser, useUser } from '@/lib/auth.ts';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { type ProfileImageKind, useUploadProfileImage } from '../../api/upload-image.ts';
import { safeImageSrc } from '../../lib/format.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { endedSession, errorText } from './editor-helpers.ts';
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

type ImageFormValues = { file: File | null };

/** Profile picture or cover image upload: the file is checked by the shared rule, then sent. */
export function ImageEditor({ kind, profile, onClose }: { kind: ProfileImageKind; profile: ProfileData; onClose: () => void }) {
  const text = TEXT[kind];
  const user = useUser();
  const form = useZodForm<ImageFormValues, ImageFileInput>(() => import('@aesa/shared/schemas/uploads').then((m) => m.imageFileSchema), {
    defaultValues: { file: null },
  });
  const upload = useUploadProfileImage(kind);
  const file = form.watch('file');
  const problem = form.errorOf('file');
  const current = safeImageSrc(kind === 'profile' ? profile.profile_image_url : profile.cover_image_url) ?? (kind === 'profile' ? defaultAvatar : defaultCover);

  // The chosen file, shown before it is sent (its address is let go when another is chosen).
  const preview = useMemo(() => (file && !problem ? URL.createObjectURL(file) : null), [file, problem]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const send = ({ file: chosen }: ImageFileInput) =>
    upload.mutate(chosen as File, {
      onSuccess: (res) => {
        if (kind === 'profile' && user) updateSessionUser({ ...user, profile_image_url: res.url });
        flash.success(text.success);
      },
      onError: (err) => {
        if (endedSession(err)) return;
        form.setError('file', { message: errorText(err) });
        flash.error(`${text.failure}: ${errorText(err)}`);
      },
    });

  return (
    <EditorDialog title={text.title} dirty={!!file} saved={upload.isSuccess} busy={upload.isPending} onClose={onClose}>
      <Form form={form} onSubmit={send}>
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
          error={problem ?? null}
          onChange={(e) => {
            const next = e.target.files?.[0];
            if (next) form.setValue('file', next, { shouldDirty: true, shouldValidate: true });
          }}
        />
        <EditorActions busy={upload.isPending} busyLabel="Uploading..." label="Upload" disabled={!file || !!problem} />
      </Form>
    </EditorDialog>
  );
}
