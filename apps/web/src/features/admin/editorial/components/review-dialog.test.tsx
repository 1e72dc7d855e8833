// @vitest-environment happy-dom
import type { SubmissionItem } from '@aesa/shared/editorial';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDialogsProvider } from '@/components/ui/app-dialogs.tsx';
import { ReviewDialog } from './review-dialog.tsx';

const submission: SubmissionItem = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Ablative heat shields',
  abstract: 'We compare three ablators.',
  keywords: ['TPS'],
  cover_image_url: null,
  file_url: null,
  submission_status: 'accepted',
  notes: null,
  submitted_at: '2026-01-01T00:00:00.000Z',
  reviewed_at: null,
  version: 1,
  users: { name: 'Ada', email: 'ada@example.com' },
};

let sent: unknown[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ success: true, submission });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(article: { status: 'draft' | 'published' } | null) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppDialogsProvider>
        <ReviewDialog submission={submission} article={article} onClose={onClose} />
      </AppDialogsProvider>
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

describe('rejecting in the review dialog', () => {
  it('asks whether to unpublish a published article, and sends the choice with the rejection', async () => {
    const { user, onClose } = renderDialog({ status: 'published' });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const ask = screen.getByRole('alertdialog', { name: 'Unpublish the article too?' });
    expect(ask.textContent).toContain('"Ablative heat shields" is published on AeroIntel');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reject and unpublish' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ submission_status: 'rejected', notes: null, unpublish_article: true }]);
  });

  it('can keep the article published, or go back without rejecting', async () => {
    const { user, onClose } = renderDialog({ status: 'published' });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Reject, keep it published' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ submission_status: 'rejected', notes: null }]);
  });

  it('does not ask when the article is a draft or there is none', async () => {
    for (const article of [null, { status: 'draft' as const }]) {
      const { user, onClose } = renderDialog(article);
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      cleanup();
    }
    expect(sent).toEqual([{ submission_status: 'rejected', notes: null }, { submission_status: 'rejected', notes: null }]);
  });
});
