import { PROFILE_MSG, isProfileComplete } from '@aesa/shared/profile';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { useOwnProfile } from '../api/get-profile.ts';
import { fallbackProfile } from '../lib/format.ts';
import type { EditorName } from './editor-name.ts';
import { ProfileLoading, ProfileProblem, ProfileTitle } from './profile-states.tsx';
import { ProfileView } from './profile-view.tsx';
import { CompleteProfile } from './view/complete-profile.tsx';
import { MembershipCodeCard } from './view/membership-code-card.tsx';
import { MembershipCard } from '@/features/membership/components/membership-card.tsx';

// The edit dialogs are loaded the first time the owner opens one.
const ProfileEditors = lazy(() => import('./edit/profile-editors.tsx').then((m) => ({ default: m.ProfileEditors })));

/** /profile: the signed-in member's own profile, with an edit dialog per section. */
export function OwnProfileScreen() {
  const user = useUser();
  const query = useOwnProfile(!!user?.id);
  const [editor, setEditor] = useState<EditorName | null>(null);
  // Until the name, level and year are given, the profile asks for them (view/complete-profile.tsx).
  const incomplete = !!query.data && !isProfileComplete(query.data);

  if (!user?.id) return <ProfileProblem>User ID not available</ProfileProblem>;
  if (query.isPending) return <ProfileLoading />;

  // A failed load still shows what the session knows about the member.
  const failed = !query.data;
  const profile = query.data ?? fallbackProfile(user);
  const isAdmin = !!(profile.admin_type || profile.admin_role || user.admin_type || user.admin_role);

  return (
    <>
      <ProfileTitle name="My Profile" />
      <ProfileView
        profile={profile}
        mode="own"
        showAdminLink={isAdmin}
        onEdit={failed ? undefined : setEditor}
        membership={
          <>
            <MembershipCard />
            <MembershipCodeCard />
          </>
        }
        notice={
          failed ? (
            <div
              role="alert"
              className="mx-4 mt-4 mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-amber-900 sm:mx-0 sm:mt-0"
            >
              <p className="font-medium break-words">
                {isApiError(query.error) && query.error.code === 'PROFILE_NOT_FOUND'
                  ? PROFILE_MSG.profileNotFound
                  : `Failed to load profile: ${query.error?.message ?? ''}`}
              </p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
                {query.isFetching ? 'Loading profile...' : 'Try Again'}
              </Button>
            </div>
          ) : incomplete ? (
            <CompleteProfile profile={query.data!} />
          ) : null
        }
      />
      {editor && query.data ? (
        <Suspense fallback={null}>
          <ProfileEditors editor={editor} profile={query.data} onClose={() => setEditor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
