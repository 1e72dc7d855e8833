import { z } from 'zod';
import { idSchema, okMessageSchema, okSchema, type WireOf } from './envelope.ts';

// The answers of the directory, the executives list and the newsletter.

/** One member card of the directory. Never carries e-mail, phone or password data. */
export const directoryMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  matric_number: z.string(),
  current_level: z.string().nullable(),
  /** Current roles only. */
  member_roles: z.array(z.object({ role_name: z.string() })),
  user_skills: z.array(z.object({ skill_name: z.string() })),
  enrollment_year: z.number().int().nullable(),
  profile_image_url: z.string().nullable(),
});

export const membersResponse = okSchema({
  data: z.array(directoryMemberSchema),
  /** Members matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  total_pages: z.number().int(),
});

/** One current office holder. */
export const executiveSchema = z.object({
  id: idSchema,
  position: z.string(),
  is_current: z.literal(true),
  year: z.string().nullable(),
  user: z.object({ id: idSchema, name: z.string(), bio: z.string().nullable(), profile_image_url: z.string().nullable() }),
});
/** Current holders only, in the voting order of the positions. */
export const executivesResponse = okSchema({ data: z.array(executiveSchema) });

export const newsletterResponse = okMessageSchema;

export type DirectoryMember = WireOf<typeof directoryMemberSchema>;
export type MembersResponse = WireOf<typeof membersResponse>;
export type Executive = WireOf<typeof executiveSchema>;
export type ExecutivesResponse = WireOf<typeof executivesResponse>;
export type NewsletterResponse = WireOf<typeof newsletterResponse>;
