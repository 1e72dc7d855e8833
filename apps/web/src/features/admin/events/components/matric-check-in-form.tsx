import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';

/** "Type a matric number": for a member without their phone, or a code the camera cannot read. */
export function MatricCheckInForm({ busy, onMatric }: { busy: boolean; onMatric: (matric: string) => Promise<void> }) {
  const form = useZodForm(() => import('@aesa/shared/schemas/check-in').then((m) => m.matricCheckInSchema), { defaultValues: { matric_number: '' } });
  const onSubmit = form.handleSubmit(async ({ matric_number }) => {
    await onMatric(matric_number);
    form.reset({ matric_number: '' });
    form.setFocus('matric_number');
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField label={CHECK_IN_MSG.matricLabel} autoComplete="off" autoCapitalize="characters" className="flex-1" {...form.field('matric_number')} />
      <Button type="submit" disabled={busy} className="h-11">
        {busy ? CHECK_IN_MSG.checkingIn : CHECK_IN_MSG.checkInButton}
      </Button>
    </form>
  );
}
