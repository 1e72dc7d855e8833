import type { SOCIAL_PLATFORMS } from '@aesa/shared/constants';
import { useMemo, useState } from 'react';
import { TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { replaceSocialLinks } from '../../api/social-links.ts';
import { useDirty } from '../../lib/dirty.ts';
import { PLATFORMS, platformKey } from '../social-platforms.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { reportSaveFailure, useRefreshProfile } from './editor-helpers.ts';

/** Social links: one address per platform; a blank box removes that platform's link. */
export function SocialLinksEditor({ profile, onClose }: { profile: ProfileData; onClose: () => void }) {
  const initial = useMemo(() => {
    const stored = new Map(profile.user_social_links.map((l) => [platformKey(l.platform_name), l.profile_url]));
    return Object.fromEntries(PLATFORMS.map((p) => [p.key, stored.get(p.key) ?? ''])) as Record<string, string>;
  }, [profile]);
  // Each box follows the link rule of the request; a blank one removes that platform's link.
  const form = useZodForm(() => import('@aesa/shared/schemas/profile').then((m) => m.socialLinksFormSchema), { defaultValues: initial });
  const values = form.watch() as Record<string, string>;
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = useDirty(initial, values);
  const refresh = useRefreshProfile();

  async function onSubmit() {
    if (!dirty) return setSaved(true);
    setBusy(true);
    try {
      await replaceSocialLinks(profile.user_social_links, form.getValues() as Record<string, string>, (key) => PLATFORMS.find((p) => p.key === key)?.label ?? key);
      flash.success('Social links updated successfully!');
      setSaved(true);
    } catch (error) {
      reportSaveFailure(form, error, (detail) => `Failed to update social links: ${detail}`);
    } finally {
      setBusy(false);
      void refresh();
    }
  }

  return (
    <EditorDialog
      title="Edit Social Links"
      description="Add the full address of each profile; leave a box empty to remove it."
      dirty={dirty}
      saved={saved}
      busy={busy}
      onClose={onClose}
    >
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        {PLATFORMS.map(({ key, label, placeholder }) => (
          <TextField
            key={key}
            label={label}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={placeholder}
            {...form.field(key as (typeof SOCIAL_PLATFORMS)[number])}
          />
        ))}
        <EditorActions busy={busy} />
      </Form>
    </EditorDialog>
  );
}
