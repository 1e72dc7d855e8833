import type { ProfileSkill, SkillResponse } from '@aesa/shared/profile';
import { api } from '@/lib/api-client.ts';

/** POST /profile/me/skills: a new skill is a Beginner one. */
export const addSkill = (skill_name: string) =>
  api.post<SkillResponse>('/profile/me/skills', { skill_name, proficiency_level: 'Beginner' });

/** DELETE /profile/me/skills/{id} */
export const deleteSkill = (skill: Pick<ProfileSkill, 'id'>) => api.delete(`/profile/me/skills/${encodeURIComponent(skill.id)}`);
