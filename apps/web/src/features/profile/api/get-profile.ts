import type { OwnProfile, PublicProfile, PublicProfileResponse } from '@aesa/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RETRIES, api } from '@/lib/api-client.ts';
import { ownProfileKey, ownProfileQueryOptions } from '@/lib/own-profile.ts';

// GET /profile/{id} and GET /profile/me: retried once by the API client, so the cache does not
// retry again. The server answers {success, profile} with every list present.

/**
 * What a profile screen shows: the public view (with the contact details the member shares with
 * a signed-in viewer), plus the owner-only fields when it is one's own.
 */
export type ProfileData = Omit<PublicProfile, 'email' | 'phone_number'> &
  Partial<Pick<OwnProfile, 'email' | 'phone_number' | 'show_email' | 'show_phone' | 'show_attended_events' | 'admin_type' | 'admin_role' | 'user_type'>>;

export const profileKeys = {
  all: ['profile'] as const,
  own: () => ownProfileKey,
  member: (id: string) => ['profile', 'member', id] as const,
};

/** A profile without lists (the one built from the session user when the profile cannot be loaded) with empty ones. */
export function withLists<T extends Partial<ProfileData>>(profile: T): T & ProfileData {
  return {
    ...profile,
    member_roles: profile.member_roles ?? [],
    user_skills: profile.user_skills ?? [],
    user_social_links: profile.user_social_links ?? [],
    user_project_collaborators: profile.user_project_collaborators ?? [],
    user_achievements: profile.user_achievements ?? [],
    user_volunteer_activities: profile.user_volunteer_activities ?? [],
  } as T & ProfileData;
}

export const getMemberProfile = async (id: string, signal?: AbortSignal): Promise<PublicProfile> =>
  (await api.get<PublicProfileResponse>(`/profile/${encodeURIComponent(id)}`, { signal, retries: RETRIES.profile })).profile;

export const memberProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: profileKeys.member(id), queryFn: ({ signal }) => getMemberProfile(id, signal), retry: false });

export const useMemberProfile = (id: string | undefined) =>
  useQuery({ ...memberProfileQueryOptions(id ?? ''), enabled: !!id });

export const useOwnProfile = (enabled = true) => useQuery({ ...ownProfileQueryOptions(), enabled });
