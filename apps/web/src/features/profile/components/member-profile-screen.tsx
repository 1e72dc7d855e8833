import { PROFILE_MSG } from '@aesa/shared/profile';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useMemberProfile } from '../api/get-profile.ts';
import { ProfileLoading, ProfileProblem, ProfileTitle } from './profile-states.tsx';
import { ProfileView } from './profile-view.tsx';

/** /profile/{memberId}: anyone's public profile, read-only. */
export function MemberProfileScreen() {
  const { memberId } = useParams();
  const query = useMemberProfile(memberId);

  if (!memberId) return <ProfileProblem>Member ID not provided</ProfileProblem>;
  if (query.isPending) return <ProfileLoading />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.code === 'PROFILE_NOT_FOUND';
    return (
      <ProfileProblem
        action={
          notFound ? (
            <Link to={paths.members.href()} className={buttonClasses({ variant: 'outline' })}>
              Meet Our Members
            </Link>
          ) : (
            <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
              Try Again
            </Button>
          )
        }
      >
        {notFound ? PROFILE_MSG.profileNotFound : `Failed to load profile: ${query.error.message}`}
      </ProfileProblem>
    );
  }
  return (
    <>
      <ProfileTitle name={query.data.name?.trim() || query.data.matric_number} />
      <ProfileView profile={query.data} mode="member" />
    </>
  );
}
