import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * A form's last row, on the right: Cancel when there is one, then the submit button, which
 * says what is happening and cannot be pressed again while the form is being sent.
 */
export function FormActions({
  label,
  busy,
  busyLabel = 'Saving...',
  disabled = false,
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled = false,
  className,
}: {
  label: string;
  /** True while the form is being sent. */
  busy: boolean;
  busyLabel?: string;
  /** Keeps the submit button disabled for another reason (an upload still running, nothing chosen). */
  disabled?: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
