import { randomUUID } from 'node:crypto';
import type { SubmissionStatus } from '@aesa/shared/editorial';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { asc, sql } from 'drizzle-orm';
import { adminRoles, articleSubmissions, articles, events, memberRoles, uploads, users } from '../schema.ts';
import { onePagePdf } from '../../lib/one-page-pdf.ts';

const DAY = 86_400_000;

/**
 * Demo data of the administration area: one admin role per module (nobody holds them yet: the
 * demo super admin assigns them), events around today, and the editorial pipeline (a published
 * article, an accepted and a pending submission). Runs only on an empty database (index.ts).
 */
export async function seedAdminDemo(app: FastifyInstance) {
  const now = app.clock();
  await app.db.insert(adminRoles).values([
    { role_name: 'Editorial Board', description: 'Reviews AeroIntel submissions and publishes articles', is_editorial_admin: true },
    { role_name: 'Electoral Committee', description: 'Runs elections and candidate lists', is_electoral_admin: true },
    { role_name: 'Events Team', description: 'Creates and updates association events', is_event_admin: true },
    { role_name: 'Communications', description: 'Sends e-mails to members', is_email_admin: true },
    { role_name: 'Records Office', description: 'Keeps member roles and executive records', is_data_admin: true },
    { role_name: 'Treasury', description: 'Keeps sessions, dues and payments', is_finance_admin: true },
  ]);

  await app.db.insert(events).values([
    {
      title: 'Drone Building Workshop',
      description: 'Hands-on quadcopter assembly and flight-controller tuning for 200 and 300 level students. Kits are provided.',
      event_date: new Date(now.getTime() + 12 * DAY),
      location: 'Faculty of Engineering Workshop, Block C',
      event_type: 'Workshop',
    },
    {
      title: 'AESA Annual Lecture: Nigeria in Space',
      description: 'Guest lecture on NigeriaSat missions and careers in the space industry, followed by questions.',
      event_date: new Date(now.getTime() + 30 * DAY),
      location: 'Main Auditorium',
      event_type: 'Lecture',
    },
    {
      title: 'Wind Tunnel Open Day',
      description: 'Tours of the subsonic wind tunnel with live smoke visualisation over an aerofoil.',
      event_date: new Date(now.getTime() + 45 * DAY),
      location: 'Aerodynamics Laboratory',
      status: 'postponed',
      event_type: 'Open Day',
    },
    {
      title: 'Freshers Welcome',
      description: 'Welcome evening for new 100 level students: meet the executives and the staff adviser.',
      event_date: new Date(now.getTime() - 40 * DAY),
      location: 'Departmental Lounge',
      status: 'done',
      event_type: 'Social',
    },
  ]);

  // Authors: members the demo already has (the members seed), else one made here.
  const authors = await app.db
    .select({ id: users.id })
    .from(users)
    .where(sql`not exists (select 1 from admin_users where admin_users.user_id = ${users.id})`)
    .orderBy(asc(users.matric_number))
    .limit(2);
  if (authors.length === 0) {
    const [created] = await app.db
      .insert(users)
      .values({ name: 'Ifeoma Eze', email: 'ifeoma.eze@students.aesa.local', matric_number: 'AE/20/1042', current_level: '400 Level', enrollment_year: 2020, user_type: 'student' })
      .returning({ id: users.id });
    await app.db.insert(memberRoles).values({ user_id: created!.id, role_name: 'Members', role_type: 'member', verified_by_admin: true });
    authors.push(created!);
  }

  const papers: { title: string; abstract: string; keywords: string[]; status: SubmissionStatus }[] = [
    { title: 'Vortex Generators on a Swept Wing', abstract: 'Wind tunnel measurements of lift and drag with and without vane-type vortex generators at Re = 3e5.', keywords: ['Aerodynamics', 'Wind tunnel'], status: 'accepted' },
    { title: 'A Low-Cost Sounding Rocket Avionics Bay', abstract: 'Design of an Arduino-based flight computer with barometric apogee detection and dual deployment.', keywords: ['Avionics', 'Rocketry'], status: 'accepted' },
    { title: 'Composite Layup Defects in Student Projects', abstract: 'A survey of voids and delamination in hand-laid glass fibre parts and how to avoid them.', keywords: ['Composites'], status: 'pending' },
  ];
  const subs = [];
  for (const [i, p] of papers.entries()) {
    const author = authors[i % authors.length]!;
    const relative = `articles/${randomUUID()}.pdf`;
    const pdf = onePagePdf(p.title);
    await fs.mkdir(path.join(app.config.uploadDir, 'articles'), { recursive: true });
    await fs.writeFile(path.join(app.config.uploadDir, relative), pdf);
    await app.db.insert(uploads).values({ user_id: author.id, path: relative, kind: 'article-pdf', bytes: pdf.length });
    const [sub] = await app.db
      .insert(articleSubmissions)
      .values({ user_id: author.id, title: p.title, abstract: p.abstract, keywords: p.keywords, file_url: `/uploads/${relative}`, submission_status: p.status, submitted_at: new Date(now.getTime() - (20 - i) * DAY), reviewed_at: p.status === 'pending' ? null : new Date(now.getTime() - (10 - i) * DAY) })
      .returning({ id: articleSubmissions.id });
    subs.push(sub!.id);
  }
  await app.db.insert(articles).values({
    title: papers[0]!.title,
    content: `${papers[0]!.abstract}\n\nVane-type generators placed at 20% chord delayed stall by about three degrees, at a small drag cost in cruise.`,
    category: 'Academic',
    status: 'published',
    tags: papers[0]!.keywords,
    source_submission_id: subs[0],
    author_id: authors[0]!.id,
    created_at: new Date(now.getTime() - 8 * DAY),
    published_at: new Date(now.getTime() - 7 * DAY),
  });
}
