// @vitest-environment happy-dom
import type { Position } from '@aesa/shared/constants';
import { ELECTION_MSG, ELIGIBILITY_MSG } from '@aesa/shared/elections';
import { RECEIPT_MSG } from '@aesa/shared/receipts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveElection, Eligibility, VotingStatusItem } from '@/lib/elections.ts';
import { keepReceipt, readReceipts } from '../lib/device-receipts.ts';
import { PROGRESS_KEY } from '../lib/progress.ts';
import { Ballot } from './ballot.tsx';
import { activeCandidate } from '@/testing/factories.ts';

// The ballot as a member uses it, with the server answered by a stub of fetch: choosing and
// confirming a candidate, moving between positions, Voting Incomplete, the server's votes
// winning over what this device remembers, the receipts kept on this device, eligibility told
// up front, and a refusal by its code.

const ELECTION_ID = '00000000-0000-4000-8000-00000000e1e1';
const USER_ID = '00000000-0000-4000-8000-0000000000u1';

const candidate = (id: string, position: Position, name: string) => activeCandidate(id, position, { name, manifesto: `${name}'s plan` });

// President and Vice President contested, Treasurer unopposed, the other seven empty.
const CANDIDATES = [
  candidate('p1', 'President', 'Ada Obi'),
  candidate('p2', 'President', 'Bayo Ade'),
  candidate('v1', 'Vice President', 'Chi Eze'),
  candidate('v2', 'Vice President', 'Dayo Ola'),
  candidate('t1', 'Treasurer', 'Efe Uko'),
];

const election: ActiveElection = {
  id: ELECTION_ID,
  title: 'General Elections',
  description: null,
  start_time: '2025-03-01T08:00:00.000Z',
  end_time: '2099-03-01T18:00:00.000Z',
  is_active: true,
  results_published: false,
  status: 'active',
  voter_rule: 'verified',
  session: null,
  candidates: CANDIDATES,
};

let votes: { url: string; body: unknown }[];
let voteAnswer: () => Response;
let receiptNo = 0;
const RECEIPTS = ['K7QF-2M9C-XW4T', 'ABCD-EFGH-JKLM', 'ZXCV-BNMA-SDFG'];

beforeEach(() => {
  localStorage.clear();
  votes = [];
  receiptNo = 0;
  voteAnswer = () => Response.json({ success: true, message: 'Vote cast successfully', vote: {}, receipt: RECEIPTS[receiptNo++ % 3] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        votes.push({ url, body: JSON.parse(String(init.body)) });
        return voteAnswer();
      }
      if (url.includes('/my-votes')) return Response.json({ success: true, voting_status: [] });
      return Response.json({ success: true, active_elections: [election] });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderBallot({ serverVotes = [] as VotingStatusItem[], page, eligibility = null }: { serverVotes?: VotingStatusItem[]; page?: number; eligibility?: Eligibility | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/election/:id', element: <Ballot election={election} serverVotes={serverVotes} userId={USER_ID} eligibility={eligibility} /> }], {
    initialEntries: [`/election/${ELECTION_ID}${page ? `?page=${page}` : ''}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const heading = () => screen.getByRole('heading', { level: 2, name: /./ });
// The button reads Vote for {position}; the candidate's name follows for screen readers.
const voteButton = (position: string, name: string) => screen.getByRole('button', { name: new RegExp(`^Vote for ${position}\\s*: ${name}$`) });

describe('the ballot', () => {
  it('asks to confirm a chosen candidate, records the vote, and disables the others for that position', async () => {
    const user = userEvent.setup();
    renderBallot();
    expect(heading()).toHaveProperty('textContent', 'President');

    await user.click(voteButton('President', 'Bayo Ade'));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Your Vote' });
    expect(confirm.textContent).toContain("You're about to cast your vote for Bayo Ade. This action is final and cannot be undone.");

    await user.click(within(confirm).getByRole('button', { name: 'Yes, Vote Now' }));
    expect(await screen.findByText('You voted for Bayo Ade.')).toBeTruthy();
    expect(votes).toEqual([{ url: `/api/voting/elections/${ELECTION_ID}/vote`, body: { candidate_id: 'p2', position: 'President' } }]);
    expect(screen.getByText('Voted')).toBeTruthy();
    expect(voteButton('President', 'Ada Obi')).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Vote cast successfully');
    // The receipt is shown and kept on this device, with the candidate it was cast for.
    expect(screen.getByText('K7QF-2M9C-XW4T')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the receipt for President' })).toBeTruthy();
    expect(readReceipts(ELECTION_ID, USER_ID)).toEqual([{ position: 'President', candidate_id: 'p2', candidate_name: 'Bayo Ade', receipt: 'K7QF-2M9C-XW4T' }]);
  });

  it('sends nothing when the member goes back from the confirmation', async () => {
    const user = userEvent.setup();
    renderBallot();
    await user.click(voteButton('President', 'Ada Obi'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No, Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(votes).toEqual([]);
    expect(voteButton('President', 'Ada Obi')).toHaveProperty('disabled', false);
  });

  it('moves between positions with Next and Previous, one position per page', async () => {
    const user = userEvent.setup();
    const router = renderBallot();
    expect(screen.getByText('Page 1 of 10')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading().textContent).toBe('Vice President');
    expect(screen.getByText('Page 2 of 10')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading().textContent).toBe('General Secretary');
    expect(screen.getByText('No candidates are running for this position.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No Candidates Available' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading().textContent).toBe('Vice President');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', false);
  });

  it('opens Voting Incomplete on Finish Voting while contested positions are unvoted, and jumps to one', async () => {
    const user = userEvent.setup();
    renderBallot({ page: 10 });
    expect(heading().textContent).toBe('Sports Director');
    await user.click(screen.getByRole('button', { name: 'Finish Voting' }));
    const incomplete = await screen.findByRole('dialog', { name: 'Voting Incomplete' });
    // Only contested positions count: Treasurer (unopposed) and the empty ones are not listed.
    const items = within(incomplete).getAllByRole('button', { name: /Go to page/ });
    expect(items.map((b) => b.textContent)).toEqual(['PresidentGo to page 1', 'Vice PresidentGo to page 2']);

    await user.click(items[1]!);
    expect(screen.queryByRole('dialog', { name: 'Voting Incomplete' })).toBeNull();
    expect(heading().textContent).toBe('Vice President');
  });

  it('counts the votes the server already holds for every contested position as complete', () => {
    renderBallot({
      serverVotes: [
        { position: 'President', hasVoted: true, votedFor: null },
        { position: 'Vice President', hasVoted: true, votedFor: null },
      ],
    });
    expect(screen.getByText('You have completed voting in this election. Thank you!')).toBeTruthy();
  });

  it('completes by itself 3 seconds after landing on the last page with nothing missing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    keepReceipt(ELECTION_ID, USER_ID, { position: 'President', candidate_id: 'p1', candidate_name: 'Ada Obi', receipt: 'ZXCV-BNMA-SDFG' });
    renderBallot({ page: 2, serverVotes: [{ position: 'President', hasVoted: true, votedFor: null }] });
    await user.click(voteButton('Vice President', 'Chi Eze'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Vote Now' }));
    await screen.findByText('You voted for Chi Eze.');
    expect(screen.queryByText('You have completed voting in this election. Thank you!')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Page 10: Sports Director' }));
    expect(heading().textContent).toBe('Sports Director');
    await act(async () => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByRole('dialog', { name: 'Thank You for Voting!' })).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    const success = screen.getByRole('dialog', { name: 'Thank You for Voting!' });
    // The success dialog lists this device's receipts for the election, with Copy and Download.
    const receipts = within(within(success).getByRole('list', { name: 'Receipts' })).getAllByRole('listitem');
    expect(receipts.map((r) => r.textContent)).toEqual(['President: Ada ObiZXCV-BNMA-SDFG', 'Vice President: Chi EzeK7QF-2M9C-XW4T']);
    expect(within(success).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(success).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.getByText('You have completed voting in this election. Thank you!')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(PROGRESS_KEY)!)).toMatchObject({ electionId: ELECTION_ID, userId: USER_ID, complete: true });
  });

  it('believes the server over what this device remembers', () => {
    // This device remembers President voted and the voting complete; the server knows no vote.
    localStorage.setItem(PROGRESS_KEY, JSON.stringify({ electionId: ELECTION_ID, userId: USER_ID, votes: { President: true, 'Vice President': true }, complete: true }));
    renderBallot();
    expect(screen.queryByText('You have completed voting in this election. Thank you!')).toBeNull();
    expect(screen.queryByText(/You voted for/)).toBeNull();
    expect(voteButton('President', 'Ada Obi')).toHaveProperty('disabled', false);
    cleanup();

    // And the other way round: nothing remembered here, a vote the server holds. The server
    // cannot say for whom, and no receipt is on this device: the page says so plainly.
    localStorage.clear();
    renderBallot({ serverVotes: [{ position: 'President', hasVoted: true, votedFor: null }] });
    expect(screen.getByText(RECEIPT_MSG.notOnDevice)).toBeTruthy();
    expect(screen.queryByText(/You voted for [A-Z]/)).toBeNull();
    expect(screen.queryByText('Voted')).toBeNull();
    expect(voteButton('President', 'Bayo Ade')).toHaveProperty('disabled', true);
    expect(voteButton('President', 'Ada Obi')).toHaveProperty('disabled', true);
    cleanup();

    // With this device's receipt, the chosen candidate is named; a receipt the server does not back is not.
    keepReceipt(ELECTION_ID, USER_ID, { position: 'President', candidate_id: 'p1', candidate_name: 'Ada Obi', receipt: 'K7QF-2M9C-XW4T' });
    keepReceipt(ELECTION_ID, USER_ID, { position: 'Vice President', candidate_id: 'v1', candidate_name: 'Chi Eze', receipt: 'ABCD-EFGH-JKLM' });
    renderBallot({ serverVotes: [{ position: 'President', hasVoted: true, votedFor: null }] });
    expect(screen.getByText('You voted for Ada Obi.')).toBeTruthy();
    expect(screen.getByText('K7QF-2M9C-XW4T')).toBeTruthy();
    expect(screen.getByText('Voted')).toBeTruthy();
    expect(voteButton('President', 'Bayo Ade')).toHaveProperty('disabled', true);
  });

  it('tells an ineligible member why before any vote, keeps the candidates readable and the vote buttons disabled with the reason', () => {
    renderBallot({ eligibility: { eligible: false, reason: 'NOT_VERIFIED' } });
    expect(screen.getByText(ELIGIBILITY_MSG.title)).toBeTruthy();
    expect(screen.getByText(ELIGIBILITY_MSG.NOT_VERIFIED)).toBeTruthy();
    expect(screen.getByText(ELIGIBILITY_MSG.controlsDisabled)).toBeTruthy();
    const button = voteButton('President', 'Ada Obi');
    expect(button).toHaveProperty('disabled', true);
    const describedBy = (button.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual([ELIGIBILITY_MSG.controlsDisabled, `${ELIGIBILITY_MSG.title}${ELIGIBILITY_MSG.NOT_VERIFIED}`]);
    expect(screen.getByText("Ada Obi's plan")).toBeTruthy();
    cleanup();

    renderBallot({ eligibility: { eligible: true, reason: null } });
    expect(screen.getByText(ELIGIBILITY_MSG.eligible)).toBeTruthy();
    expect(voteButton('President', 'Ada Obi')).toHaveProperty('disabled', false);
    expect(voteButton('President', 'Ada Obi').getAttribute('aria-describedby')).toBeNull();
  });

  it('closes the ballot with the server’s text when it refuses this member’s votes', async () => {
    voteAnswer = () => Response.json({ success: false, error: ELECTION_MSG.notVerified, code: 'VOTE_NOT_VERIFIED' }, { status: 403 });
    const user = userEvent.setup();
    renderBallot();
    await user.click(voteButton('President', 'Ada Obi'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Vote Now' }));

    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Vote Not Recorded');
    expect(alert.textContent).toContain(`Error casting vote: ${ELECTION_MSG.notVerified}`);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    // Said on the page too, and no vote button works any more.
    expect(screen.getByRole('alert').textContent).toBe(ELECTION_MSG.notVerified);
    expect(voteButton('President', 'Ada Obi')).toHaveProperty('disabled', true);
    expect(voteButton('President', 'Bayo Ade')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
  });

  it('marks the position voted when the server says this member already voted for it', async () => {
    voteAnswer = () => Response.json({ success: false, error: ELECTION_MSG.alreadyVoted('President'), code: 'VOTE_ALREADY_CAST', params: ['President'] }, { status: 409 });
    const user = userEvent.setup();
    renderBallot();
    await user.click(voteButton('President', 'Bayo Ade'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Vote Now' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(`Error casting vote: ${ELECTION_MSG.alreadyVoted('President')}`);
    expect(screen.getByText(RECEIPT_MSG.notOnDevice)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
