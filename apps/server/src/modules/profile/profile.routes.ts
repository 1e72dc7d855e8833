import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  achievementCreateSchema,
  achievementUpdateSchema,
  activityCreateSchema,
  activityUpdateSchema,
  PROFILE_MSG,
  profileUpdateSchema,
  projectCreateSchema,
  projectUpdateSchema,
  skillCreateSchema,
  skillUpdateSchema,
  socialLinkCreateSchema,
  socialLinkUpdateSchema,
} from '@aesa/shared/profile';
import { parseWith } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/access.ts';
import * as profile from './profile.service.ts';

// Writes are counted per member (the access hook has set request.user by then), not per client
// address: a whole campus may share one address.
const writeLimit = { max: 300, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
const member = { config: { access: 'member' as const, rateLimit: writeLimit } };
const idOf = (request: FastifyRequest) => (request.params as { id?: string }).id;

export async function profileRoutes(app: FastifyInstance) {
  app.get('/profile/me', { config: { access: 'member' } }, async (request) => {
    return { success: true, profile: await profile.ownProfile(app, requireUser(request)) };
  });

  app.get('/profile/:id', { config: { access: 'public' } }, async (request) => {
    return { success: true, profile: await profile.publicProfile(app, idOf(request)) };
  });

  app.patch('/profile/me', member, async (request) => {
    const user = requireUser(request);
    const input = parseWith(profileUpdateSchema, request.body);
    return { success: true, ...(await profile.updateOwnProfile(app, user, input)) };
  });

  // Skills
  app.post('/profile/me/skills', member, async (request) => {
    const skill = await profile.addSkill(app, requireUser(request).id, parseWith(skillCreateSchema, request.body));
    return { success: true, message: PROFILE_MSG.skillAdded, skill, data: skill };
  });
  app.patch('/profile/me/skills/:id', member, async (request) => {
    const skill = await profile.updateSkill(app, requireUser(request).id, idOf(request), parseWith(skillUpdateSchema, request.body));
    return { success: true, message: PROFILE_MSG.skillUpdated, skill, data: skill };
  });
  app.delete('/profile/me/skills/:id', member, async (request) => {
    await profile.deleteSkill(app, requireUser(request).id, idOf(request));
    return { success: true, message: PROFILE_MSG.skillDeleted };
  });

  // Social links
  app.post('/profile/me/social-links', member, async (request) => {
    const socialLink = await profile.addSocialLink(app, requireUser(request).id, parseWith(socialLinkCreateSchema, request.body));
    return { success: true, message: PROFILE_MSG.socialLinkSaved, socialLink, data: socialLink };
  });
  app.patch('/profile/me/social-links/:id', member, async (request) => {
    const socialLink = await profile.updateSocialLink(app, requireUser(request).id, idOf(request), parseWith(socialLinkUpdateSchema, request.body));
    return { success: true, message: PROFILE_MSG.socialLinkSaved, socialLink, data: socialLink };
  });
  app.delete('/profile/me/social-links/:id', member, async (request) => {
    await profile.deleteSocialLink(app, requireUser(request).id, idOf(request));
    return { success: true, message: PROFILE_MSG.socialLinkDeleted };
  });

  // Projects, achievements and volunteer activities: the same three routes each.
  const sections: { path: string; name: profile.SectionName; key: string; create: z.ZodType<object>; update: z.ZodType<object> }[] = [
    { path: 'projects', name: 'projects', key: 'project', create: projectCreateSchema, update: projectUpdateSchema },
    { path: 'achievements', name: 'achievements', key: 'achievement', create: achievementCreateSchema, update: achievementUpdateSchema },
    { path: 'volunteer-activities', name: 'activities', key: 'activity', create: activityCreateSchema, update: activityUpdateSchema },
  ];
  for (const s of sections) {
    const msg = profile.SECTIONS[s.name].msg;
    app.post(`/profile/me/${s.path}`, member, async (request) => {
      const item = await profile.createItem(app, requireUser(request).id, s.name, parseWith(s.create, request.body));
      return { success: true, message: msg.added, [s.key]: item, data: item };
    });
    app.patch(`/profile/me/${s.path}/:id`, member, async (request) => {
      const item = await profile.updateItem(app, requireUser(request).id, s.name, idOf(request), parseWith(s.update, request.body));
      return { success: true, message: msg.updated, [s.key]: item, data: item };
    });
    app.delete(`/profile/me/${s.path}/:id`, member, async (request) => {
      await profile.deleteItem(app, requireUser(request).id, s.name, idOf(request));
      return { success: true, message: msg.deleted };
    });
  }
}
