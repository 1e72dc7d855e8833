import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent } from './dialog.tsx';

/**
 * The app's own `window.alert`: a message the member acknowledges with OK. An alertdialog (read
 * out at once, focus on OK, Escape closes), and it does not freeze the page or the live results
 * as the browser's alert would.
 */
export function AlertMessageDialog({
  message,
  title = 'Notice',
  onClose,
}: {
  /** The dialog is open while there is a message. */
  message: string | null;
  title?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {message !== null ? (
        <DialogContent title={title} description={message} role="alertdialog" className="max-w-md">
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button>OK</Button>
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
