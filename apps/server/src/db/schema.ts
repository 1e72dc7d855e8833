// The whole database schema (Drizzle). One table per spec entity; the SQL migrations in
// ./migrations are generated from this file with `npm run db:generate`.
import { sql } from 'drizzle-orm';
import type { ArticleStatus, SubmissionStatus } from '@aesa/shared/editorial';
import type { EventStatus } from '@aesa/shared/events';
import type { RsvpAnswer, RsvpStatus } from '@aesa/shared/rsvp';
import type { MailKind } from '@aesa/shared/notifications';
import type { CheckInVia } from '@aesa/shared/check-in';
import type { AuditOutcome } from '@aesa/shared/admin';
import type { VoterRule } from '@aesa/shared/elections';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(), // stored lower-cased
    matric_number: text('matric_number').notNull(),
    password_hash: text('password_hash'), // null until the member sets a first password from the e-mail
    phone_number: text('phone_number'),
    bio: text('bio'),
    profile_image_url: text('profile_image_url'),
    cover_image_url: text('cover_image_url'),
    current_level: text('current_level'),
    enrollment_year: integer('enrollment_year'),
    /** Whether signed-in members may see the e-mail, and the phone (visitors never; decision 007). */
    show_email: boolean('show_email').notNull().default(false),
    show_phone: boolean('show_phone').notNull().default(false),
    /** Whether the profile lists the events the member was checked in at (off by default; decision 066). */
    show_attended_events: boolean('show_attended_events').notNull().default(false),
    /**
     * The directory's level key, kept by PostgreSQL: "300 Level", "300", "300L" and "Level 300" are
     * all "300", "Alumni" is "alumni" (btrim drops the letters of "level" and spaces at both ends).
     * Stored so that the level filter is an indexed equality (users_directory_level) instead of an
     * expression evaluated on every row.
     */
    level_key: text('level_key').generatedAlwaysAs(sql`btrim(lower(current_level), ' level')`),
    user_type: text('user_type').notNull().default('member'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_matric_key').on(t.matric_number),
    // Directory search: substring matches on name and matric number stay indexed at 10,000 members.
    index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_matric_trgm').using('gin', sql`${t.matric_number} gin_trgm_ops`),
    index('users_name_order').on(t.name, t.id),
    // A directory page filtered by level, in the directory's order, for listed (activated) members only.
    index('users_directory_level').on(t.level_key, t.name, t.id).where(sql`${t.password_hash} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: userRef(),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** The last use, kept to the minute: a session unused longer than its idle limit has ended. */
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    user_id: userRef(),
    purpose: text('purpose').notNull(), // 'set_password' | 'reset_password'
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.token_hash), index('one_time_tokens_user_idx').on(t.user_id)],
);

/**
 * A requested change of e-mail address: it takes effect when the link sent to the new address is
 * followed (single use, expires; a newer request voids the older).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    user_id: userRef(),
    new_email: text('new_email').notNull(),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_changes_hash_key').on(t.token_hash), index('email_changes_user_idx').on(t.user_id)],
);

/**
 * Failed tries of an account's secrets, counted across every server process for the lockout
 * rule. A try is written before its verdict is known (secret-attempts.ts), so a row here is
 * either a failure or a try still being checked.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: userRef(),
    kind: text('kind').notNull().default('password'), // 'password' | 'totp'
    failed_at: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
    // The client address the try came from (an IPv6 client by its /64): the lockout counts per
    // account and address, under a ceiling per account (decision 058). Null for tries made before.
    address: text('address'),
  },
  (t) => [
    index('login_failures_user_kind_time_idx').on(t.user_id, t.kind, t.failed_at),
    index('login_failures_user_kind_address_time_idx').on(t.user_id, t.kind, t.address, t.failed_at),
  ],
);

export const bulkEmails = pgTable('bulk_emails', {
  id: id(),
  sender_id: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  recipient_roles: text('recipient_roles').array().notNull().default(sql`'{}'::text[]`),
  recipients_count: integer('recipients_count').notNull().default(0),
  created_at: createdAt(),
});

/** Every e-mail leaves through this table: a worker sends it over SMTP, or keeps it for /dev/mail. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body'), // null once handed to SMTP or given up: links are not kept
    status: text('status').notNull().default('pending'), // pending | sending | sent | failed | kept
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    bulk_email_id: uuid('bulk_email_id').references(() => bulkEmails.id, { onDelete: 'set null' }),
    /** 'account' mail always goes; the other kinds can be turned off and carry List-Unsubscribe. */
    kind: text('kind').$type<MailKind>().notNull().default('account'),
    /** The member the message is for; none for a visitor's newsletter. */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A message that must go once (a reminder, an election notice): a second insert is ignored. */
    dedupe_key: text('dedupe_key'),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.next_attempt_at),
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupe_key),
    index('mail_outbox_bulk_idx').on(t.bulk_email_id),
    // One message per recipient of a bulk e-mail, however often the queueing is retried.
    uniqueIndex('mail_outbox_bulk_recipient_key').on(t.bulk_email_id, t.to_address),
  ],
);

export const memberRoles = pgTable(
  'member_roles',
  {
    id: id(),
    user_id: userRef(),
    role_name: text('role_name').notNull(),
    role_type: text('role_type').notNull().default('member'),
    associated_year_range: text('associated_year_range'),
    associated_position: text('associated_position'),
    is_current: boolean('is_current').notNull().default(true),
    verified_by_admin: boolean('verified_by_admin').notNull().default(false),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_roles_user_idx').on(t.user_id), index('member_roles_name_trgm').using('gin', sql`lower(${t.role_name}) gin_trgm_ops`)],
);

export const userSkills = pgTable(
  'user_skills',
  {
    id: id(),
    user_id: userRef(),
    skill_name: text('skill_name').notNull(),
    proficiency_level: text('proficiency_level').notNull().default('Beginner'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('user_skills_user_name_key').on(t.user_id, sql`lower(${t.skill_name})`),
    index('user_skills_name_trgm').using('gin', sql`lower(${t.skill_name}) gin_trgm_ops`),
  ],
);

export const userSocialLinks = pgTable(
  'user_social_links',
  {
    id: id(),
    user_id: userRef(),
    platform_name: text('platform_name').notNull(),
    profile_url: text('profile_url').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('user_social_links_user_idx').on(t.user_id)],
);

export const userProjects = pgTable(
  'user_projects',
  {
    id: id(),
    user_id: userRef(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date'),
    project_url: text('project_url'),
    project_image_url: text('project_image_url'),
    category: text('category'),
    status: text('status').notNull().default('In Progress'),
    privacy: boolean('privacy').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('user_projects_user_idx').on(t.user_id), check('user_projects_dates', sql`${t.end_date} is null or ${t.end_date} >= ${t.start_date}`)],
);

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: id(),
    user_id: userRef(),
    title: text('title').notNull(),
    description: text('description'),
    date_achieved: date('date_achieved').notNull(),
    achievement_image_url: text('achievement_image_url'),
    privacy: boolean('privacy').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('user_achievements_user_idx').on(t.user_id)],
);

export const userVolunteerActivities = pgTable(
  'user_volunteer_activities',
  {
    id: id(),
    user_id: userRef(),
    activity_name: text('activity_name').notNull(),
    organization: text('organization'),
    description: text('description'),
    start_date: date('start_date'),
    end_date: date('end_date'),
    activity_image_url: text('activity_image_url'),
    privacy: boolean('privacy').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('user_volunteer_activities_user_idx').on(t.user_id),
    check('user_volunteer_dates', sql`${t.end_date} is null or ${t.start_date} is null or ${t.end_date} >= ${t.start_date}`),
  ],
);

/** Files a member uploaded; lets the server remove a replaced image and refuse deleting someone else's. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    user_id: userRef(),
    path: text('path').notNull(),
    kind: text('kind').notNull(),
    bytes: integer('bytes').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('uploads_path_key').on(t.path), index('uploads_user_idx').on(t.user_id)],
);

export const executives = pgTable(
  'executives',
  {
    id: id(),
    user_id: userRef(),
    position: text('position').notNull(),
    year: text('year'),
    is_current: boolean('is_current').notNull().default(true),
    end_date: timestamp('end_date', { withTimezone: true }),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('executives_position_idx').on(t.position), index('executives_user_idx').on(t.user_id)],
);

export const elections = pgTable('elections', {
  id: id(),
  title: text('title').notNull(),
  description: text('description'),
  start_time: timestamp('start_time', { withTimezone: true }).notNull(),
  end_time: timestamp('end_time', { withTimezone: true }).notNull(),
  is_active: boolean('is_active').notNull().default(true),
  is_publicly_visible: boolean('is_publicly_visible').notNull().default(true),
  results_published: boolean('results_published').notNull().default(false),
  /** When the ballots were last rewritten after voting closed (voting/ballot-storage.ts). */
  ballots_sealed_at: timestamp('ballots_sealed_at', { withTimezone: true }),
  /** When the winners became executives (once per election), and for which session year. */
  winners_installed_at: timestamp('winners_installed_at', { withTimezone: true }),
  winners_installed_year: text('winners_installed_year'),
  /** When the members who had not voted were last reminded (at most once per 12 hours). */
  reminded_at: timestamp('reminded_at', { withTimezone: true }),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  /** Raised by every change; a change made from another version is refused (decision 054). */
  version: integer('version').notNull().default(1),
  // The voter roll, frozen once when voting opens (modules/election-record/settle.ts); the salt is
  // secret until voting closes.
  roll_frozen_at: timestamp('roll_frozen_at', { withTimezone: true }),
  roll_size: integer('roll_size'),
  roll_fingerprint: text('roll_fingerprint'),
  roll_salt: text('roll_salt'),
  /** When the election record was closed (ballot entries appended); no vote is taken after it. */
  voting_closed_at: timestamp('voting_closed_at', { withTimezone: true }),
  /** When the background tick queued the notice that voting opened (or found none to send); once per election. */
  opening_notice_queued_at: timestamp('opening_notice_queued_at', { withTimezone: true }),
  /**
   * Who may vote (modules/election-record/voter-rule.queries.ts): 'verified' members, or 'financial'
   * members of the session named by its year. Fixed once the roll freezes; the roll's fingerprint
   * and the record cover it.
   */
  voter_rule: text('voter_rule').$type<VoterRule>().notNull().default('verified'),
  voter_session: text('voter_session').references(() => academicSessions.year, { onUpdate: 'restrict', onDelete: 'restrict' }),
  /**
   * When the Electoral Committee declared the count final (Publish Final Results, after the close):
   * from then on the bulletin board and the record are public and the winners can be installed.
   * `results_published` alone may mean live results (published while voting was open).
   */
  final_results_published_at: timestamp('final_results_published_at', { withTimezone: true }),
  /** Archived: kept whole (ballots, roll, record), hidden from every public page and read (decision 056). */
  archived_at: timestamp('archived_at', { withTimezone: true }),
  /**
   * An older election whose title another election already had (case-insensitively) when titles
   * became unique (migration 0022): kept as it is, outside the unique index, until its title changes.
   */
  title_duplicate_kept: boolean('title_duplicate_kept').notNull().default(false),
}, (t) => [
  check('elections_voter_rule', sql`${t.voter_rule} in ('verified', 'financial')`),
  check('elections_voter_session', sql`(${t.voter_rule} = 'financial') = (${t.voter_session} is not null)`),
  // Titles are unique, case-insensitively, among the elections that are not archived.
  uniqueIndex('elections_title_key').on(sql`lower(${t.title})`).where(sql`${t.archived_at} is null and not ${t.title_duplicate_kept}`),
]);

/** The members eligible when voting opened: only they may vote in the election. */
export const electionRolls = pgTable(
  'election_rolls',
  {
    election_id: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    member_id: userRef('member_id'),
  },
  (t) => [primaryKey({ columns: [t.election_id, t.member_id] })],
);

/** The election record: one hash chain per election (modules/election-record/record.ts). */
export const electionRecord = pgTable(
  'election_record',
  {
    election_id: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.election_id, t.seq] })],
);

export const candidates = pgTable(
  'candidates',
  {
    id: id(),
    election_id: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    user_id: userRef(),
    position: text('position').notNull(),
    manifesto: text('manifesto'),
    candidate_image_url: text('candidate_image_url'),
    // The tally, raised in the same transaction as the vote so results cost one indexed read.
    vote_count: integer('vote_count').notNull().default(0),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('candidates_election_user_key').on(t.election_id, t.user_id),
    index('candidates_election_position_idx').on(t.election_id, t.position),
  ],
);

/**
 * The last batch of tallies shown to public viewers while voting is open (candidate id -> votes),
 * one row per election, shared by every app process (modules/results/tally-batches.ts).
 */
export const electionTallyBatches = pgTable('election_tally_batches', {
  election_id: uuid('election_id')
    .primaryKey()
    .references(() => elections.id, { onDelete: 'cascade' }),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  cut_at: timestamp('cut_at', { withTimezone: true }).notNull(),
});

/**
 * That a member voted for a position, and roughly when: one row per member and position, so the
 * primary key is the one-vote rule. It never says for whom (see ballots). voted_period is the
 * vote's time rounded down to 10 minutes, too coarse to line a participation up with a ballot.
 */
export const electionParticipations = pgTable(
  'election_participations',
  {
    election_id: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    // A member who voted cannot be deleted: the ballot would stay and the counts would disagree.
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    position: text('position').notNull(),
    voted_period: timestamp('voted_period', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.election_id, t.member_id, t.position] })],
);

/**
 * What was chosen: election, position, candidate and the receipt shown to the voter. No voter,
 * no time, a random key: nothing in a ballot row points to who cast it (docs/BALLOT-SECRECY.md).
 * Written in the same statement as the participation and the tally (voting.queries.ts).
 */
export const ballots = pgTable(
  'ballots',
  {
    id: id(),
    election_id: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    // No cascade: a candidate with ballots cannot be removed (votes are final).
    candidate_id: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    receipt: text('receipt').notNull().unique('ballots_receipt_key'),
  },
  (t) => [index('ballots_election_receipt_idx').on(t.election_id, t.receipt), index('ballots_candidate_idx').on(t.candidate_id)],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    id: id(),
    role_name: text('role_name').notNull(),
    description: text('description'),
    is_super_admin: boolean('is_super_admin').notNull().default(false),
    is_editorial_admin: boolean('is_editorial_admin').notNull().default(false),
    is_data_admin: boolean('is_data_admin').notNull().default(false),
    is_electoral_admin: boolean('is_electoral_admin').notNull().default(false),
    is_event_admin: boolean('is_event_admin').notNull().default(false),
    is_email_admin: boolean('is_email_admin').notNull().default(false),
    /** Finance: sessions, dues and payments (the treasurer and the financial secretary). */
    is_finance_admin: boolean('is_finance_admin').notNull().default(false),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('admin_roles_name_key').on(sql`lower(${t.role_name})`)],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: id(),
    user_id: userRef(),
    admin_role_id: uuid('admin_role_id')
      .notNull()
      .references(() => adminRoles.id, { onDelete: 'restrict' }),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
  },
  // Each admin user holds exactly one admin role.
  (t) => [uniqueIndex('admin_users_user_key').on(t.user_id)],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    event_date: timestamp('event_date', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    flyer_image_url: text('flyer_image_url'),
    video_url: text('video_url'),
    status: text('status').$type<EventStatus>().notNull().default('upcoming'),
    event_type: text('event_type'),
    /** How many members may be going; null: no limit. */
    capacity: integer('capacity'),
    /** Whether members may still say they are going. */
    rsvp_open: boolean('rsvp_open').notNull().default(true),
    created_at: createdAt(),
    /** Raised by every change; a change made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('events_date_idx').on(t.event_date)],
);

/** A member's answer to an event: going (with a place or waitlisted) or not going. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: userRef(),
    answer: text('answer').$type<RsvpAnswer>().notNull(),
    status: text('status').$type<RsvpStatus>().notNull(),
    /** From a sequence when the answer was taken (under the event's row lock): the waitlist's order. */
    place_order: bigint('place_order', { mode: 'number' }).notNull().default(sql`nextval('event_rsvps_place_order_seq')`),
    answered_at: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.user_id] }), index('event_rsvps_status_idx').on(t.event_id, t.status, t.place_order), index('event_rsvps_user_idx').on(t.user_id)],
);

export const articleSubmissions = pgTable(
  'article_submissions',
  {
    id: id(),
    user_id: userRef(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    cover_image_url: text('cover_image_url'),
    file_url: text('file_url'),
    submission_status: text('submission_status').$type<SubmissionStatus>().notNull().default('pending'),
    notes: text('notes'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** Raised by every decision; a decision made from another version is refused (decision 054). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('article_submissions_status_idx').on(t.submission_status, t.submitted_at)],
);

export const articles = pgTable('articles', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  category: text('category').notNull().default('Academic'),
  status: text('status').$type<ArticleStatus>().notNull().default('draft'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  source_submission_id: uuid('source_submission_id').references(() => articleSubmissions.id, { onDelete: 'set null' }),
  author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  /** Raised by every change; a change made from another version is refused (decision 054). */
  version: integer('version').notNull().default(1),
  published_at: timestamp('published_at', { withTimezone: true }),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    created_at: createdAt(),
    /** Set when the owner followed the e-mailed link; until then the address gets nothing but that link. */
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribed_at: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(t.email)],
);

/** Every admin write and every denied admin call. Never holds a vote choice. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name when the entry was written (a later rename or deletion keeps it). */
    actor_name: text('actor_name'),
    /** "METHOD /route", as the route is declared. */
    action: text('action').notNull(),
    /** The act in words ("updated election", "tried to remove candidate"); null in entries older than it. */
    summary: text('summary'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    target_id: text('target_id'),
    /** What was acted on ("election", "candidate", ...) and its name, resolved when the entry was written. */
    target_type: text('target_type'),
    target_name: text('target_name'),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    status_code: integer('status_code').notNull(),
    /** The request body as sent, secrets redacted, bounded in size. */
    details: jsonb('details'),
    /**
     * The fields the request set and their new values (no secret ever): [{ field, value }]; a
     * change of a versioned record also keeps each field's value before it (`before`; decision 055).
     */
    changes: jsonb('changes').$type<{ field: string; value: unknown; before?: unknown }[]>(),
    ip: text('ip'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_time_idx').on(t.created_at),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at),
    // Who saved a record last (a stale save's 409 names them; decision 054).
    index('audit_log_target_idx').on(t.target_id, t.created_at),
  ],
);

/**
 * The accounts the demo seed made (the demo super admin and the demo members), so that
 * `npm run demo-logins` can give them new passwords without ever touching a real account.
 */
export const demoAccounts = pgTable('demo_accounts', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(), // 'admin' | 'member'
  created_at: createdAt(),
});

/**
 * One-time links that create the first super admin of a database without one. Only the hash is
 * stored; issuing a link voids the older ones, and using it marks it used.
 */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: id(),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('setup_tokens_hash_key').on(t.token_hash)],
);

/**
 * An account's TOTP secret (RFC 6238), encrypted with the server's MFA key (mfa-secret-box.ts).
 * Pending until `confirmed_at`: only a confirmed secret is asked for at login. `last_used_step`
 * is the newest accepted time step: a code of that step or an older one is never accepted again.
 */
export const userTotp = pgTable('user_totp', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  last_used_step: bigint('last_used_step', { mode: 'number' }),
  created_at: createdAt(),
});

/** Single-use recovery codes of a second factor; only their SHA-256 is kept (about 119 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: userRef(),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.user_id, t.code_hash)],
);

/** The step between a right password and the second factor at login: hashed, short-lived, single use. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    user_id: userRef(),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mfa_challenges_hash_key').on(t.token_hash), index('mfa_challenges_user_idx').on(t.user_id)],
);

/** Site-wide security switches set by a super admin: one row. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: boolean('id').primaryKey().default(true),
    require_admin_mfa: boolean('require_admin_mfa').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('security_settings_one_row', sql`${t.id}`)],
);

/**
 * The rate limits' counters, shared by every server process (lib/rate-limits). Created
 * UNLOGGED by its migration: a crash only restarts the windows.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resets_at: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * An academic session ("2026-2027"), with its dates and dues; at most one is current (a partial
 * unique index). `dues_by_level` optionally overrides the amount per level key ({"100": 5000}).
 * Amounts are whole naira.
 */
export const academicSessions = pgTable(
  'academic_sessions',
  {
    id: id(),
    year: text('year').notNull(),
    starts_on: date('starts_on').notNull(),
    ends_on: date('ends_on').notNull(),
    dues_amount: integer('dues_amount').notNull(),
    dues_by_level: jsonb('dues_by_level').$type<Record<string, number>>(),
    is_current: boolean('is_current').notNull().default(false),
    /** The last receipt number given in this session (decision 048): the next approval takes this + 1. */
    receipts_issued: integer('receipts_issued').notNull().default(0),
    version: integer('version').notNull().default(1),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('academic_sessions_year_key').on(t.year),
    uniqueIndex('academic_sessions_one_current').on(t.is_current).where(sql`${t.is_current}`),
  ],
);

export type PaymentStatus = 'pending' | 'approved' | 'rejected' | 'void';
export type PaymentMethod = 'transfer' | 'cash' | 'pos' | 'other';

/**
 * A member's payment of a session's dues: a proof the member uploaded (pending until an officer
 * approves or rejects it) or a payment an officer recorded. A member is a financial member of a
 * session when one of their payments for it is 'approved'. Never deleted; voided with a reason.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    session_id: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    reference: text('reference'),
    proof_path: text('proof_path'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** Why a payment was rejected or voided. */
    reason: text('reason'),
    /** Given when approved: "AESA-2026-2027-000123". */
    receipt_number: text('receipt_number'),
    recorded_by: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    decided_by: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_session_status_idx').on(t.session_id, t.status),
    index('payments_user_idx').on(t.user_id, t.session_id),
    uniqueIndex('payments_receipt_key').on(t.receipt_number).where(sql`${t.receipt_number} is not null`),
  ],
);

/**
 * The department's class list: students the data admins listed before they registered (matric
 * number upper-cased). A student who registers later with a listed matric number is verified at
 * once (auth.queries.ts insertMember). Decision 050.
 */
export const classListEntries = pgTable('class_list_entries', {
  matric_number: text('matric_number').primaryKey(),
  name: text('name').notNull(),
  level: text('level'),
  email: text('email'),
  imported_by: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per session started by the hand-over: a second start of the same session is refused. Decision 051. */
export const sessionHandOvers = pgTable('session_hand_overs', {
  session_id: uuid('session_id')
    .primaryKey()
    .references(() => academicSessions.id, { onDelete: 'restrict' }),
  from_session_id: uuid('from_session_id').references(() => academicSessions.id, { onDelete: 'set null' }),
  started_by: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  promoted: integer('promoted').notNull(),
  alumni: integer('alumni').notNull(),
  lapsed: integer('lapsed').notNull(),
  excluded: integer('excluded').notNull(),
  created_at: createdAt(),
});

/** A member's notification choices; no row means every kind is on. */
export const notificationPreferences = pgTable('notification_preferences', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  announcements: boolean('announcements').notNull().default(true),
  event_updates: boolean('event_updates').notNull().default(true),
  election_notices: boolean('election_notices').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's membership code (decision 065): the random id the QR carries, signed by the server.
 * One per member; renewing replaces the id, which voids every copy of the old code.
 */
export const membershipCodes = pgTable(
  'membership_codes',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_id: text('code_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('membership_codes_code_key').on(t.code_id)],
);

/** Who came to an event: once per member and event, when, who checked them in, and how. */
export const eventCheckins = pgTable(
  'event_checkins',
  {
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: userRef(),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checked_in_by: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    via: text('via').$type<CheckInVia>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'event_checkins_pkey', columns: [t.event_id, t.user_id] }),
    check('event_checkins_via', sql`${t.via} in ('code', 'matric')`),
    index('event_checkins_user').on(t.user_id, t.checked_in_at),
  ],
);
