import { ADMIN_MSG, type BulkEmailSendResponse } from '@aesa/shared/admin';
import { NOTIFICATION_MSG } from '@aesa/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkEmailKeys } from '@/components/bulk-email-status/api.ts';
import { useAdminDialogs } from '@/lib/admin-messages.ts';

/** The question before a send: how many members (and subscribers) get it, and how many are left out and why. */
export function confirmSendText(count: Pick<BulkEmailSendResponse, 'recipients_count' | 'subscribers_count' | 'turned_off_count'>) {
  const question = ADMIN_MSG.confirmSend(count.recipients_count - count.subscribers_count, count.subscribers_count);
  return count.turned_off_count > 0 ? `${question} ${NOTIFICATION_MSG.turnedOffLeftOut(count.turned_off_count)}` : question;
}

/**
 * A bulk e-mail send that the officer confirms first: the server counts the distinct recipients
 * (a dry run queues nothing), the officer confirms that number, then the real send is queued.
 * Either way the delivery status list is read again.
 */
export function useConfirmedBulkSend<Input extends { dry_run?: boolean }>(
  post: (input: Input) => Promise<BulkEmailSendResponse>,
  onSent: (response: BulkEmailSendResponse) => void,
) {
  const queryClient = useQueryClient();
  const { alertFailure, confirmAction } = useAdminDialogs();
  const send = useMutation({
    mutationFn: post,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkEmailKeys.all }),
  });

  async function sendChecked(payload: Input) {
    const failed = (error: unknown) => alertFailure(error, (m) => `Error sending bulk email: ${m}`);
    const count = await send.mutateAsync({ ...payload, dry_run: true }).then((r) => r, failed);
    if (count === undefined || !(await confirmAction(confirmSendText(count)))) return;
    send.mutate(payload, { onSuccess: onSent, onError: failed });
  }

  return { sendChecked, isPending: send.isPending };
}
