import type { ExportName } from '@aesa/shared/exports';
import type { AuditLogExportQuery, MemberRolesExportQuery, MembersExportQuery, PaymentsExportQuery } from '@aesa/shared/schemas/exports';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import type { CsvFile } from '../../lib/csv-stream.ts';
import * as q from './exports.queries.ts';
import { findEvent } from '../events/events.queries.ts';
import { attendeesCsvQuery } from '../rsvp/rsvp.queries.ts';

/** "members-2026-11-26.csv": the day in the association's time zone, as its officers would date it. */
export function fileNameOf(name: ExportName, now: Date, config: Pick<AppConfig, 'timeZone'>, suffix = '') {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: config.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${name}${suffix}-${day}.csv`;
}

interface Ctx {
  db: Db;
  config: Pick<AppConfig, 'timeZone'>;
  now: Date;
}

export async function membersFile({ db, config, now }: Ctx, f: MembersExportQuery): Promise<CsvFile> {
  const session = await q.currentSessionYear(db);
  const headers = ['Name', 'Matric number', 'E-mail', 'Level', 'Enrolment year', 'Skills', 'Verified', session ? `Financial member for ${session}` : 'Financial member (no current session)'];
  return { filename: fileNameOf('members', now, config), headers, query: q.membersQuery(db, f) };
}

export function memberRolesFile({ db, config, now }: Ctx, f: MemberRolesExportQuery): CsvFile {
  const headers = ['Name', 'Matric number', 'Role', 'Role type', 'Position', 'Year range', 'Verified', 'Active', 'Last changed'];
  return { filename: fileNameOf('member-roles', now, config), headers, query: q.memberRolesQuery(db, f) };
}

export function executivesFile({ db, config, now }: Ctx): CsvFile {
  const headers = ['Position', 'Name', 'Matric number', 'E-mail', 'Year', 'Holds the office now', 'Current record', 'End date', 'Assigned at'];
  return { filename: fileNameOf('executives', now, config), headers, query: q.executivesQuery(db, now) };
}

export async function paymentsFile({ db, config, now }: Ctx, f: PaymentsExportQuery): Promise<CsvFile> {
  const sessionId = await q.sessionIdOf(db, f.session);
  if (!sessionId) throw fail('EXPORT_SESSION_NOT_FOUND');
  const headers = ['Receipt number', 'Name', 'Matric number', 'Amount (NGN)', 'Method', 'Reference', 'Status', 'Reason', 'Recorded by', 'Decided by', 'Decided at', 'Submitted at'];
  return { filename: fileNameOf('payments', now, config, `-${f.session}${f.status ? `-${f.status}` : ''}`), headers, query: q.paymentsQuery(db, sessionId, f) };
}

export function auditLogFile({ db, config, now }: Ctx, f: AuditLogExportQuery): CsvFile {
  const headers = ['Time', 'Who', 'What', 'Call', 'Target type', 'Target', 'Target id', 'Outcome', 'Status', 'Changes', 'Address'];
  return { filename: fileNameOf('audit-log', now, config), headers, query: q.auditLogQuery(db, f) };
}

export async function bulkEmailRecipientsFile({ db, config, now }: Ctx, bulkEmailId: string): Promise<CsvFile> {
  if (!(await q.bulkEmailExists(db, bulkEmailId))) throw fail('EXPORT_BULK_EMAIL_NOT_FOUND');
  const headers = ['Name', 'Matric number', 'E-mail', 'Status', 'Sent at'];
  return { filename: fileNameOf('bulk-email-recipients', now, config), headers, query: q.bulkEmailRecipientsQuery(db, bulkEmailId) };
}

/** One event's answers; the file is named after the event, so two events' files do not collide. */
export async function eventAttendeesFile({ db, config, now }: Ctx, eventId: string): Promise<CsvFile> {
  const event = await findEvent(db, eventId);
  if (!event) throw fail('EVENT_NOT_FOUND');
  const headers = ['Name', 'Matric number', 'Level', 'Answer', 'Status', 'Waitlist place', 'Answered at'];
  return { filename: fileNameOf('event-attendees', now, config, `-${slug(event.title)}`), headers, query: attendeesCsvQuery(db, eventId) };
}

/** "Drone Building Workshop!" → "drone-building-workshop": a file name part any system accepts. */
const slug = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40)
    .replace(/-+$/, '') || 'event';
