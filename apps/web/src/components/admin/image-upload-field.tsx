import type { AdminUploadType } from '@aesa/shared/admin';
import { isImageLink } from '@aesa/shared/events';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { imageFileProblem } from '@aesa/shared/uploads';
import { uploadAdminImage } from '@/lib/admin-upload.ts';
import { errorMessage, isSessionEnd } from '@/lib/admin-messages.ts';

/**
 * An image picked from the device and uploaded at once (POST /api/admin/uploads/image with the
 * given type), with a preview and Remove; optionally also an address typed in (a URL input).
 */
export function ImageUploadField({
  label,
  type,
  value,
  onChange,
  allowUrl = false,
  urlLabel = 'Or image URL',
  onBusyChange,
  error,
}: {
  label: string;
  type: AdminUploadType;
  value: string;
  onChange: (url: string) => void;
  allowUrl?: boolean;
  urlLabel?: string;
  onBusyChange?: (busy: boolean) => void;
  error?: string | null;
}) {
  const inputId = useId();
  const statusId = `${inputId}-status`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const bad = imageFileProblem(file);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProblem(null);
    setUploading(true);
    onBusyChange?.(true);
    try {
      onChange(await uploadAdminImage(type, file));
    } catch (err) {
      if (!isSessionEnd(err)) setProblem(`Upload failed: ${errorMessage(err)}`);
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  }

  const shown = problem ?? error ?? null;
  // Only a link that can be an image gets a preview, and one that fails to load shows none
  // either: half-typed text or a dead address never shows a broken image.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const preview = value.trim();
  const showPreview = isImageLink(preview) && failedSrc !== preview;
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-300 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex h-28 w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 sm:w-40">
          {showPreview ? (
            <img src={preview} alt={`${label} preview`} className="h-full w-full object-cover" onError={() => setFailedSrc(preview)} />
          ) : (
            <span className="px-2 text-center text-sm text-slate-600">{preview ? 'No preview' : 'No image'}</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileRef}
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-upload={type}
              onChange={(e) => void onFile(e)}
              disabled={uploading}
            />
            <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={uploading} aria-describedby={statusId}>
              {uploading ? 'Uploading...' : value ? 'Replace image' : 'Upload image'}
            </Button>
            {value ? (
              <Button variant="ghost" size="sm" onClick={() => onChange('')} disabled={uploading}>
                Remove image
              </Button>
            ) : null}
          </div>
          <p id={statusId} className={shown ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'} aria-live="polite">
            {shown ?? 'JPEG, PNG or WebP, at most 5 MB.'}
          </p>
          {allowUrl ? (
            <TextField
              label={urlLabel}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              disabled={uploading}
            />
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
