import { EDITORIAL_MSG, SUBMISSION_STATUS_LABEL, type ArticleItem, type SubmissionItem, type SubmissionStatus } from '@aesa/shared/editorial';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { setSubmissionStatus, useEditorialMutation } from '../api/editorial-api.ts';
import { SubmissionStatusBadge } from './status-badge.tsx';
import { UnpublishChoiceDialog } from './unpublish-choice-dialog.tsx';
import { TextAreaField } from '@/components/ui/field.tsx';

/**
 * The Review modal: abstract, keywords, notes; Accept, Needs Revision, Reject,
 * Cancel. Rejecting a submission whose article is published first asks whether to unpublish
 * the article too; the server does both in one transaction.
 */
export function ReviewDialog({ submission, article, onClose }: { submission: SubmissionItem; article: Pick<ArticleItem, 'status'> | null; onClose: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const [notes, setNotes] = useState(submission.notes ?? '');
  const [askingUnpublish, setAskingUnpublish] = useState(false);
  const review = useEditorialMutation(({ status, unpublish }: { status: SubmissionStatus; unpublish: boolean }) =>
    setSubmissionStatus(submission.id, submission.version, { submission_status: status, notes: notes.trim() || null, ...(unpublish ? { unpublish_article: true } : {}) }),
  );

  function decide(status: SubmissionStatus, unpublish = false) {
    setAskingUnpublish(false);
    review.mutate(
      { status, unpublish },
      {
        onSuccess: () => {
          flash.success(unpublish ? EDITORIAL_MSG.rejectedAndUnpublished : `Submission marked as ${SUBMISSION_STATUS_LABEL[status]}`);
          onClose();
        },
        onError: (error) => alertFailure(error, (m) => `Error updating status: ${m}`),
      },
    );
  }

  function reject() {
    if (article?.status === 'published') setAskingUnpublish(true);
    else decide('rejected');
  }

  const busy = review.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent title="Review Submission" description={submission.title} className="sm:max-w-2xl">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Current status: <SubmissionStatusBadge status={submission.submission_status} />
        </div>
        <h3 className="mt-4 font-semibold text-slate-900">Abstract</h3>
        <p className="mt-1 max-h-60 overflow-y-auto text-sm break-words whitespace-pre-line text-slate-800">{submission.abstract}</p>
        <h3 className="mt-4 font-semibold text-slate-900">Keywords</h3>
        {submission.keywords?.length ? (
          <ul aria-label="Keywords" className="mt-1 flex flex-wrap gap-1.5">
            {submission.keywords.map((k) => (
              <li key={k} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium break-all text-slate-800">
                {k}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">None given.</p>
        )}
        <TextAreaField
          className="mt-4"
          label="Review notes"
          hint="The member sees these notes with the status."
          rows={4}
          maxLength={5000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={reject} disabled={busy}>
            Reject
          </Button>
          <Button variant="secondary" onClick={() => decide('needs_revision')} disabled={busy}>
            Needs Revision
          </Button>
          <Button onClick={() => decide('accepted')} disabled={busy}>
            Accept
          </Button>
        </div>
        {askingUnpublish ? (
          <UnpublishChoiceDialog
            title={submission.title}
            onUnpublish={() => decide('rejected', true)}
            onKeep={() => decide('rejected')}
            onBack={() => setAskingUnpublish(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
