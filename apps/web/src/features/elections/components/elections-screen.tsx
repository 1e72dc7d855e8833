import { Suspense, lazy, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import electionsArt from '@/assets/art/event-elections.svg';
import { CandidateEligibility, ElectionRules } from '@/components/election-rules.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useCanSeeUnpublishedResults } from '@/lib/module-access.ts';
import { hasAdminAccess, useAuth } from '@/lib/auth.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { ElectionRecordFacts } from './election-record-facts.tsx';
import { ElectionsEligibility, useMayVoteSomewhere } from './elections-eligibility.tsx';

// The dialogs are loaded when first opened: a visitor reading the rules never downloads them.
const AvailableElectionsDialog = lazy(() =>
  import('./available-elections-dialog.tsx').then((m) => ({ default: m.AvailableElectionsDialog })),
);
const ElectionResultsDialog = lazy(() => import('./election-results-dialog.tsx').then((m) => ({ default: m.ElectionResultsDialog })));

/**
 * /elections and /elections/results/{electionId}: the same screen; the results path
 * opens the Real-Time Election Results dialog for that election, and closing it comes back here.
 */
export function ElectionsScreen() {
  const { electionId } = useParams();
  const { user } = useAuth();
  const { association_name } = useSiteConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [listOpen, setListOpen] = useState(false);
  const [listLoaded, setListLoaded] = useState(false);
  const isAdmin = hasAdminAccess(user);
  const canSeeUnpublished = useCanSeeUnpublishedResults();
  const mayVote = useMayVoteSomewhere(user?.id);
  const banner = `${association_name} DECIDES`;

  function openList() {
    setListLoaded(true);
    setListOpen(true);
  }

  return (
    <div>
      <title>{`Elections · ${association_name} Portal`}</title>
      <section className="bg-navy-900 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto] lg:py-16">
          <div>
            <p className="text-sm font-semibold tracking-widest text-accent-300 uppercase">Association Elections</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight break-words sm:text-5xl">{banner}</h1>
            <p className="mt-4 max-w-xl text-base text-slate-200 sm:text-lg">
              Choose the executives who will lead the association. One member, one vote per office, counted live.
            </p>
            <div className="mt-8">
              {user && mayVote ? (
                <Button variant="accent" size="lg" onClick={openList}>
                  Cast Your Vote
                </Button>
              ) : user ? (
                // May vote in none of the open elections (the notices below say why): the list
                // still shows times and results, but nothing here suggests a ballot.
                <Button variant="outline" size="lg" onClick={openList} className="border-white/60 bg-transparent text-white hover:bg-white/10">
                  View Elections
                </Button>
              ) : (
                // Looks disabled (voting needs a login) but leads to the login page and back.
                <Link
                  to={paths.auth.login.href()}
                  state={{ from: location.pathname }}
                  className={buttonClasses({ variant: 'ghost', size: 'lg', className: 'bg-slate-300 hover:bg-slate-200' })}
                >
                  <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <rect x="5" y="11" width="14" height="10" rx="2" />
                    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
                  </svg>
                  Login to Vote
                </Link>
              )}
            </div>
            {user ? <ElectionsEligibility userId={user.id} /> : null}
          </div>
          <img src={electionsArt} alt="" className="hidden w-72 rounded-2xl md:block lg:w-96" />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:items-start lg:py-12">
        <ElectionRules />
        <CandidateEligibility />
      </div>
      <ElectionRecordFacts />

      {user && listLoaded ? (
        <Suspense fallback={null}>
          <AvailableElectionsDialog
            open={listOpen}
            onOpenChange={setListOpen}
            canSeeUnpublished={canSeeUnpublished}
            onViewResults={(id) => {
              setListOpen(false);
              void navigate(paths.electionResults.href(id));
            }}
          />
        </Suspense>
      ) : null}
      {electionId ? (
        <Suspense fallback={null}>
          <ElectionResultsDialog
            key={electionId}
            electionId={electionId}
            sendToken={isAdmin}
            onClose={() => void navigate(paths.elections.href(), { replace: true })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
