import { LIFECYCLE_TEXT, type Election } from '@aesa/shared/elections';
import { electionExtendSchema, type ElectionExtendInput } from '@aesa/shared/schemas/elections';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { DateTimeField } from '@/components/ui/date-time-field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { fromLocalInput, toLocalInput } from '@/lib/datetime-local.ts';
import { flash } from '@/lib/flash.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { extendVoting, useElectionMutation } from '../api/elections-api.ts';

/**
 * Extend Voting: a later end, typed as a date and time in the association's zone (as the election
 * form reads it), confirmed, then sent; the server refuses an end that is not later (its words
 * are shown under the field and in the notice).
 */
export function ExtendVotingDialog({ election, onClose }: { election: Election; onClose: () => void }) {
  const { dateTime } = useDateFormat();
  const { alertFailure, confirmAction } = useAdminDialogs();
  const form = useZodForm<{ end_time: string }, ElectionExtendInput>(electionExtendSchema, {
    defaultValues: { end_time: toLocalInput(election.end_time) },
    toInput: (v) => ({ end_time: fromLocalInput(v.end_time) ?? v.end_time }),
  });
  const extend = useElectionMutation((end: string) => extendVoting(election.id, end));

  const onSubmit = form.handleSubmit(async ({ end_time }) => {
    if (!(await confirmAction(LIFECYCLE_TEXT.confirmExtend(election.title, dateTime(end_time))))) return;
    extend.mutate(end_time, {
      onSuccess: (answer) => {
        flash.success(answer.message ?? 'Voting extended');
        onClose();
      },
      onError: (error) => {
        if (!form.showRefusal(error)) void alertFailure(error, (m) => `Error extending voting: ${m}`);
      },
    });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={LIFECYCLE_TEXT.extend} description={election.title} className="max-w-lg">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">{LIFECYCLE_TEXT.extendIntro(dateTime(election.end_time))}</p>
          <DateTimeField form={form} name="end_time" label={LIFECYCLE_TEXT.newEnd} required />
          <FormActions label={LIFECYCLE_TEXT.extend} busy={extend.isPending} busyLabel="Extending..." onCancel={onClose} cancelDisabled={extend.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
