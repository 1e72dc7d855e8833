import { PROFILE_MSG, isWebUrl } from '@aesa/shared/profile';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { flash } from '@/lib/flash.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { replaceSocialLinks } from '../../api/social-links.ts';
import { useDirty } from '../../lib/dirty.ts';
import { PLATFORMS, platformKey } from '../social-platforms.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { endedSession, errorText, useRefreshProfile } from './editor-helpers.ts';

/** Social links: one address per platform; blank ones are skipped (spec 01 §5, §7). */
export function SocialLinksEditor({ profile, onClose }: { profile: ProfileData; onClose: () => void }) {
  const initial = useMemo(() => {
    const stored = new Map(profile.user_social_links.map((l) => [platformKey(l.platform_name), l.profile_url]));
    return Object.fromEntries(PLATFORMS.map((p) => [p.key, stored.get(p.key) ?? ''])) as Record<string, string>;
  }, [profile]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  // Also said inside the dialog: while it is open, the page's toasts are hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = useDirty(initial, values);
  const refresh = useRefreshProfile();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    for (const [key, url] of Object.entries(values)) {
      if (url.trim() && !isWebUrl(url.trim())) problems[key] = PROFILE_MSG.webUrlInvalid('The link');
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstInvalid(formRef.current);
    if (!dirty) return setSaved(true);
    setBusy(true);
    setFailure(null);
    try {
      await replaceSocialLinks(profile.user_social_links, values, (key) => PLATFORMS.find((p) => p.key === key)?.label ?? key);
      flash.success('Social links updated successfully!');
      setSaved(true);
    } catch (error) {
      if (!endedSession(error)) {
        setFailure(`Failed to update social links: ${errorText(error)}`);
        flash.error(`Failed to update social links: ${errorText(error)}`);
      }
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
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{failure}</FormError>
        {PLATFORMS.map(({ key, label, placeholder }) => (
          <TextField
            key={key}
            label={label}
            name={key}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={placeholder}
            value={values[key] ?? ''}
            onChange={(e) => {
              setValues((v) => ({ ...v, [key]: e.target.value }));
              setErrors((er) => ({ ...er, [key]: undefined }));
            }}
            error={errors[key]}
          />
        ))}
        <EditorActions busy={busy} />
      </form>
    </EditorDialog>
  );
}
