import * as RadixDialog from '@radix-ui/react-dialog';
import { EDITORIAL_MSG } from '@aesa/shared/editorial';
import { Button } from '@/components/ui/button.tsx';

/**
 * Asked when a submission whose article is published is rejected: unpublish the article too,
 * keep it published, or go back to the review. Three plain answers, so that Escape or a click
 * outside (which go back) never rejects anything by default.
 */
export function UnpublishChoiceDialog({
  title,
  onUnpublish,
  onKeep,
  onBack,
}: {
  title: string;
  onUnpublish: () => void;
  onKeep: () => void;
  onBack: () => void;
}) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onBack()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[70] animate-fade-in bg-slate-950/60" />
        <RadixDialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-[80] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-fade-in rounded-2xl bg-white p-5 shadow-2xl"
        >
          <RadixDialog.Title className="text-lg font-bold text-slate-900">Unpublish the article too?</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm break-words text-slate-700">{EDITORIAL_MSG.confirmUnpublish(title)}</RadixDialog.Description>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button variant="outline" onClick={onBack}>
              Back to review
            </Button>
            <Button variant="secondary" onClick={onKeep}>
              Reject, keep it published
            </Button>
            <Button variant="danger" onClick={onUnpublish}>
              Reject and unpublish
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
