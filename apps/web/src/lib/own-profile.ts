import type { OwnProfile, OwnProfileResponse } from '@aesa/shared/profile';
import { queryOptions } from '@tanstack/react-query';
import { RETRIES, api } from '@/lib/api-client.ts';

// GET /profile/me, read by the own profile and by the settings (the level and enrolment year):
// one cache entry, so a change made in either place shows in the other.

export const ownProfileKey = ['profile', 'me'] as const;

export const getOwnProfile = async (signal?: AbortSignal): Promise<OwnProfile> =>
  (await api.get<OwnProfileResponse>('/profile/me', { signal, retries: RETRIES.profile })).profile;

/** Retried once by the API client, so the cache does not retry again. */
export const ownProfileQueryOptions = () => queryOptions({ queryKey: ownProfileKey, queryFn: ({ signal }) => getOwnProfile(signal), retry: false });
