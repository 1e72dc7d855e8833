import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_MSG } from '@aesa/shared/profile';
import { replies } from '@aesa/shared/schemas/envelope';
import * as answers from '@aesa/shared/schemas/profile';
import {
  achievementCreateSchema,
  achievementUpdateSchema,
  activityCreateSchema,
  activityUpdateSchema,
  profileUpdateSchema,
  projectCreateSchema,
  projectUpdateSchema,
  skillCreateSchema,
  skillUpdateSchema,
  socialLinkCreateSchema,
  socialLinkUpdateSchema,
} from '@aesa/shared/schemas/profile';
import { requireUser } from '../../plugins/access.ts';
import * as profile from './profile.service.ts';

// Writes are counted per member (the access hook has set request.user by then), not per client
// address: a whole campus may share one address.
const writeLimit = { max: 300, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
const member = { access: 'member' as const, rateLimit: writeLimit };
// The services answer an id that names nothing, or is no id at all, with the item's own 404.
const params = z.object({ id: z.string() });
const ok = true as const;

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/profile/me', { config: { access: 'member' }, schema: { operationId: 'getOwnProfile', summary: "The signed-in member's profile", response: replies(answers.ownProfileResponse) } }, async (request) => {
    return { success: ok, profile: await profile.ownProfile(app, requireUser(request)) };
  });

  // Public, and a signed-in viewer (a bearer token) may also see the contact details a member shares.
  app.get('/profile/:id', { config: { access: 'public' }, schema: { operationId: 'getProfile', summary: "A member's public profile", params, response: replies(answers.publicProfileResponse) } }, async (request) => {
    return { success: ok, profile: await profile.publicProfile(app, request.params.id, request.user) };
  });

  app.patch('/profile/me', { config: member, schema: { operationId: 'updateOwnProfile', summary: "Change the signed-in member's profile", body: profileUpdateSchema, response: replies(answers.profileUpdateResponse) } }, async (request) => {
    return { success: ok, ...(await profile.updateOwnProfile(app, requireUser(request), request.body)) };
  });

  // Skills
  app.post('/profile/me/skills', { config: member, schema: { operationId: 'addSkill', summary: "Add a skill to the signed-in member's profile", body: skillCreateSchema, response: replies(answers.skillResponse) } }, async (request) => {
    const skill = await profile.addSkill(app, requireUser(request).id, request.body);
    return { success: ok, message: PROFILE_MSG.skillAdded, skill, data: skill };
  });
  app.patch('/profile/me/skills/:id', { config: member, schema: { operationId: 'updateSkill', summary: "Change one of the signed-in member's skills", params, body: skillUpdateSchema, response: replies(answers.skillResponse) } }, async (request) => {
    const skill = await profile.updateSkill(app, requireUser(request).id, request.params.id, request.body);
    return { success: ok, message: PROFILE_MSG.skillUpdated, skill, data: skill };
  });
  app.delete('/profile/me/skills/:id', { config: member, schema: { operationId: 'deleteSkill', summary: "Remove one of the signed-in member's skills", params, response: replies(answers.deleteResponse) } }, async (request) => {
    await profile.deleteSkill(app, requireUser(request).id, request.params.id);
    return { success: ok, message: PROFILE_MSG.skillDeleted };
  });

  // Social links
  const socialLink = replies(answers.socialLinkResponse);
  app.post('/profile/me/social-links', { config: member, schema: { operationId: 'addSocialLink', summary: "Add a social link to the signed-in member's profile", body: socialLinkCreateSchema, response: socialLink } }, async (request) => {
    const link = await profile.addSocialLink(app, requireUser(request).id, request.body);
    return { success: ok, message: PROFILE_MSG.socialLinkSaved, socialLink: link, data: link };
  });
  app.patch('/profile/me/social-links/:id', { config: member, schema: { operationId: 'updateSocialLink', summary: "Change one of the signed-in member's social links", params, body: socialLinkUpdateSchema, response: socialLink } }, async (request) => {
    const link = await profile.updateSocialLink(app, requireUser(request).id, request.params.id, request.body);
    return { success: ok, message: PROFILE_MSG.socialLinkSaved, socialLink: link, data: link };
  });
  app.delete('/profile/me/social-links/:id', { config: member, schema: { operationId: 'deleteSocialLink', summary: "Remove one of the signed-in member's social links", params, response: replies(answers.deleteResponse) } }, async (request) => {
    await profile.deleteSocialLink(app, requireUser(request).id, request.params.id);
    return { success: ok, message: PROFILE_MSG.socialLinkDeleted };
  });

  // Projects, achievements and volunteer activities: the same three routes each.
  const sections = [
    { path: 'projects', name: 'projects', key: 'project', one: 'Project', words: 'projects', create: projectCreateSchema, update: projectUpdateSchema, answer: answers.projectResponse },
    { path: 'achievements', name: 'achievements', key: 'achievement', one: 'Achievement', words: 'achievements', create: achievementCreateSchema, update: achievementUpdateSchema, answer: answers.achievementResponse },
    { path: 'volunteer-activities', name: 'activities', key: 'activity', one: 'VolunteerActivity', words: 'volunteer activities', create: activityCreateSchema, update: activityUpdateSchema, answer: answers.activityResponse },
  ] as const;
  for (const s of sections) {
    const msg = profile.SECTIONS[s.name].msg;
    // The three sections differ in their fields only; their routes are typed by the common shape.
    const answer = replies(s.answer as z.ZodType<object>);
    const item = (request: FastifyRequest) => ({ userId: requireUser(request).id, body: request.body as object });
    // Named per section in the API document: addProject, updateAchievement, deleteVolunteerActivity…
    const add = { operationId: `add${s.one}`, summary: `Add to the signed-in member's ${s.words}` };
    const update = { operationId: `update${s.one}`, summary: `Change one of the signed-in member's ${s.words}` };
    const remove = { operationId: `delete${s.one}`, summary: `Remove one of the signed-in member's ${s.words}` };
    app.post(`/profile/me/${s.path}`, { config: member, schema: { ...add, body: s.create, response: answer } }, async (request) => {
      const { userId, body } = item(request);
      const created = await profile.createItem(app, userId, s.name, body);
      return { success: ok, message: msg.added, [s.key]: created, data: created };
    });
    app.patch(`/profile/me/${s.path}/:id`, { config: member, schema: { ...update, params, body: s.update, response: answer } }, async (request) => {
      const { userId, body } = item(request);
      const updated = await profile.updateItem(app, userId, s.name, request.params.id, body);
      return { success: ok, message: msg.updated, [s.key]: updated, data: updated };
    });
    app.delete(`/profile/me/${s.path}/:id`, { config: member, schema: { ...remove, params, response: replies(answers.deleteResponse) } }, async (request) => {
      await profile.deleteItem(app, requireUser(request).id, s.name, request.params.id);
      return { success: ok, message: msg.deleted };
    });
  }
}
