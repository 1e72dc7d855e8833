import type { ProfileSocialLink, SocialLinkResponse } from '@aesa/shared/profile';
import { api } from '@/lib/api-client.ts';

/** POST /profile/me/social-links with {platform, url}. */
export const addSocialLink = (platform: string, url: string) =>
  api.post<SocialLinkResponse>('/profile/me/social-links', { platform, url });

/** DELETE /profile/me/social-links/{id} */
export const deleteSocialLink = (link: Pick<ProfileSocialLink, 'id'>) =>
  api.delete(`/profile/me/social-links/${encodeURIComponent(link.id)}`);

/**
 * Replaces the member's links: every stored link is deleted, then each non-blank
 * one is added as {platform, url}, the platform under its capitalised name ("GitHub").
 */
export async function replaceSocialLinks(
  stored: readonly ProfileSocialLink[],
  next: Record<string, string>,
  platformName: (key: string) => string = (key) => key,
) {
  for (const link of stored) await deleteSocialLink(link);
  for (const [key, url] of Object.entries(next)) {
    if (url.trim()) await addSocialLink(platformName(key), url.trim());
  }
}
