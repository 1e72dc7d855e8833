import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Position } from '@aesa/shared/constants';
import type { Clock } from '../../config.ts';
import type { Db } from '../client.ts';
import { newReceipt } from '@aesa/shared/receipts';
import { adminUsers, ballots as ballotsTable, candidates, electionParticipations, elections, memberRoles, users } from '../schema.ts';
export const DEMO_ELECTION_TITLE = 'AESA General Elections 2026';

const HOUR = 3600_000;
const TEN_MINUTES = 600_000;

// Our own candidates, used only when fewer verified members exist (the members seed normally
// provides them). Levels follow the candidate eligibility rule (200 to 400 Level).
const DEMO_MEMBERS: { name: string; level: string; bio: string }[] = [
  { name: 'Chukwuemeka Okafor', level: '500 Level', bio: 'Final-year student working on UAV flight control. Led the department drone team to the national finals.' },
  { name: 'Aisha Bello', level: '400 Level', bio: 'CFD enthusiast; interned at an MRO hangar in Lagos. Believes in an association that opens industry doors.' },
  { name: 'Oluwatobi Adeyemi', level: '400 Level', bio: 'Propulsion and rocketry. Co-founded the campus rocketry club and organised two launch days.' },
  { name: 'Ngozi Eze', level: '300 Level', bio: 'Structures and composites. Class representative for two sessions.' },
  { name: 'Ibrahim Musa', level: '400 Level', bio: 'Avionics and embedded C. Runs the weekend Arduino clinic for first-year students.' },
  { name: 'Funmilayo Ogunleye', level: '300 Level', bio: 'Technical writer for the departmental newsletter; interested in orbital mechanics.' },
  { name: 'Emeka Nwosu', level: '500 Level', bio: 'Research assistant in the aerodynamics lab; wind-tunnel testing of low-speed aerofoils.' },
  { name: 'Halima Abdullahi', level: '400 Level', bio: 'MATLAB and Simulink tutor. Wants every student to leave with one real project on their CV.' },
  { name: 'Tunde Bakare', level: '100 Level', bio: 'First-year student, CAD hobbyist and former school press club president.' },
  { name: 'Chiamaka Obi', level: '200 Level', bio: 'Data analysis and Python. Volunteers with a STEM outreach programme in secondary schools.' },
  { name: 'Yusuf Lawal', level: '100 Level', bio: 'Keen on drone building; treasurer of his secondary school science club.' },
  { name: 'Blessing Okon', level: '200 Level', bio: 'Accounting minor, spreadsheet wizard; kept the books for the 2025 departmental dinner.' },
  { name: 'Kelechi Umeh', level: '300 Level', bio: 'Machinist and 3D-printing lead at the student workshop.' },
  { name: 'Zainab Yakubu', level: '200 Level', bio: 'Student journalist and photographer; runs the department Instagram page.' },
  { name: 'Segun Afolabi', level: '200 Level', bio: 'Events lover: organised the 2025 freshers\u2019 welcome and the aero quiz night.' },
  { name: 'Amarachi Nnadi', level: '300 Level', bio: 'Peer mentor; coordinates the level-200 study groups before exams.' },
  { name: 'Fatima Sani', level: '200 Level', bio: 'Public speaker and debater; represented the faculty at the inter-faculty debate.' },
  { name: 'Daniel Okoro', level: '300 Level', bio: 'Graphic designer and musician; designs the association\u2019s event flyers.' },
  { name: 'Grace Etim', level: '200 Level', bio: 'Welfare volunteer at the faculty clinic; first-aid certified.' },
  { name: 'Ifeanyi Chukwu', level: '300 Level', bio: 'Thermodynamics and heat transfer; plays centre-back for the faculty football team.' },
];

const ENROLLED: Record<string, number> = { '500 Level': 2020, '400 Level': 2021, '300 Level': 2022, '200 Level': 2023, '100 Level': 2024 };

/** Candidates per position: one with none (Sports Director), one unopposed (PRO), the others 2-3. */
const SLATE: { position: Position; levels: string[]; manifestos: string[] }[] = [
  {
    position: 'President',
    levels: ['500 Level', '400 Level'],
    manifestos: [
      'An association that works for every level: a termly industry visit, a project fund open to all, and monthly open meetings where any member can question the executive.',
      'Partnerships first: I will sign two industry MoUs for student internships and launch an alumni mentorship scheme pairing each final-year student with a graduate.',
      'Less talk, more building: a student design-build-fly competition, a well-stocked workshop, and published accounts every quarter.',
    ],
  },
  {
    position: 'Vice President',
    levels: ['400 Level', '300 Level'],
    manifestos: [
      'I will support the President and take charge of committees, making sure every committee reports its work to members every month.',
      'Bridge between levels: a level representatives council so 100 and 200 level students have a real voice.',
    ],
  },
  {
    position: 'General Secretary',
    levels: ['500 Level', '400 Level'],
    manifestos: [
      'Minutes of every meeting online within a week, and a single calendar for all association events.',
      'A member register that is always up to date, and an end to last-minute meeting notices.',
    ],
  },
  {
    position: 'Assistant General Secretary',
    levels: ['100 Level', '200 Level'],
    manifestos: [
      'I will assist the General Secretary and run the association\u2019s notice boards and WhatsApp announcements.',
      'Fresh eyes from the newest members: I will collect feedback from first-year students every semester.',
    ],
  },
  {
    position: 'Treasurer',
    levels: ['200 Level', '300 Level'],
    manifestos: [
      'Every kobo accounted for: receipts for all spending and a balance sheet posted each month.',
      'Dues made easy: bank transfer with instant receipts and a clear list of what dues pay for.',
    ],
  },
  {
    position: 'Financial Secretary',
    levels: ['100 Level', '200 Level'],
    manifestos: [
      'Transparent records of dues paid, so every financial member can prove their status before elections.',
      'I will keep the dues register and reconcile it with the Treasurer every month.',
    ],
  },
  {
    position: 'Public Relations Officer',
    levels: ['200 Level', '300 Level'],
    manifestos: ['A weekly AESA digest, a refreshed social media presence, and a spotlight on one member project every month.'],
  },
  {
    position: 'Social Director',
    levels: ['200 Level', '300 Level'],
    manifestos: [
      'An aero quiz night every semester and a proper end-of-session dinner.',
      'Socials that include everyone: games nights, a football tournament against Mechanical, and a cultural day.',
      'A departmental excursion to an airport and an air show viewing party.',
    ],
  },
  {
    position: 'Welfare Director',
    levels: ['200 Level', '300 Level'],
    manifestos: [
      'An exam-period welfare desk with past questions, snacks and a quiet study space.',
      'A confidential channel for members\u2019 welfare concerns, answered within 48 hours.',
    ],
  },
  { position: 'Sports Director', levels: ['400 Level', '500 Level'], manifestos: [] },
];

/** A small deterministic generator, so every demo start looks the same. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/** Verified, current members who are not admins: the pool for candidates and demo voters. */
async function eligibleMembers(db: Db) {
  return db
    .selectDistinct({ id: users.id, name: users.name, current_level: users.current_level })
    .from(users)
    .innerJoin(memberRoles, and(eq(memberRoles.user_id, users.id), eq(memberRoles.is_current, true), eq(memberRoles.verified_by_admin, true)))
    .leftJoin(adminUsers, eq(adminUsers.user_id, users.id))
    .where(isNull(adminUsers.id))
    .orderBy(users.name, users.id);
}

/** `passwordHash`: the demo members' shared password, hashed (demo-logins.ts). */
async function createDemoMembers(db: Db, now: Date, passwordHash: string) {
  const rows = DEMO_MEMBERS.map((m, i) => {
    const year = ENROLLED[m.level]!;
    const [first, last] = m.name.toLowerCase().split(' ');
    return {
      name: m.name,
      email: `${first}.${last}@students.aesa.local`,
      matric_number: `AE/${String(year).slice(2)}/9${String(i + 1).padStart(2, '0')}`,
      password_hash: passwordHash,
      current_level: m.level,
      enrollment_year: year,
      bio: m.bio,
      email_verified_at: now,
    };
  });
  const created = await db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id });
  if (created.length) {
    await db.insert(memberRoles).values(created.map((u) => ({ user_id: u.id, role_name: 'Members', role_type: 'member', associated_year_range: '2025-2026', is_current: true, verified_by_admin: true })));
  }
}

/**
 * The demo election: open since an hour ago, closing in 7 days (by the app clock), with
 * candidates for every position but Sports Director, PRO unopposed, and some votes already cast
 * by demo members so the live results have something to show to the electoral admin. The demo
 * super admin has not voted yet. Results are not published.
 */
export async function seedElections(db: Db, clock: Clock, memberPasswordHash: string, log: (m: string) => void = () => {}) {
  const now = clock();
  const needed = SLATE.reduce((n, s) => n + s.manifestos.length, 0);
  let members = await eligibleMembers(db);
  if (members.length < needed) {
    await createDemoMembers(db, now, memberPasswordHash);
    members = await eligibleMembers(db);
    log(`  Demo members for the election: ${DEMO_MEMBERS.length}`);
  }

  const [election] = await db
    .insert(elections)
    .values({
      title: DEMO_ELECTION_TITLE,
      description: 'Elect the executive council of the Aerospace Engineering Students\u2019 Association for the 2026/2027 session. Voting is open to verified financial members.',
      start_time: new Date(now.getTime() - HOUR),
      end_time: new Date(now.getTime() + 7 * 24 * HOUR),
      is_active: true,
      is_publicly_visible: true,
      results_published: false,
      created_at: new Date(now.getTime() - 3 * 24 * HOUR),
      // Demo members have made-up addresses: the notice that voting opened is not sent to them.
      opening_notice_queued_at: now,
    })
    .returning({ id: elections.id });

  // Candidates: prefer members of the levels the eligibility text asks for; each stands once.
  const used = new Set<string>();
  const picks: (typeof candidates.$inferInsert)[] = [];
  for (const s of SLATE) {
    for (const manifesto of s.manifestos) {
      const pick = members.find((m) => !used.has(m.id) && s.levels.includes(m.current_level ?? '')) ?? members.find((m) => !used.has(m.id));
      if (!pick) break;
      used.add(pick.id);
      picks.push({ election_id: election!.id, user_id: pick.id, position: s.position, manifesto });
    }
  }
  const slate = (await db.insert(candidates).values(picks).returning({ id: candidates.id, position: candidates.position })).map((c) => ({
    id: c.id,
    position: c.position as Position,
  }));

  // Votes from about two thirds of the demo members, each for some positions: a participation and
  // a ballot with its receipt per vote (stored apart, as a real vote is); tallies follow.
  const random = prng(2026);
  const participations: (typeof electionParticipations.$inferInsert)[] = [];
  const ballots: (typeof ballotsTable.$inferInsert)[] = [];
  const positions = [...new Set(slate.map((c) => c.position))];
  for (const voter of members) {
    if (random() > 0.66) continue;
    for (const position of positions) {
      if (random() > 0.8) continue;
      const options = slate.filter((c) => c.position === position);
      const choice = options[Math.floor(random() * options.length)]!;
      // Rounded down to 10 minutes, as the vote statement does.
      const votedPeriod = new Date(Math.floor((now.getTime() - random() * HOUR) / TEN_MINUTES) * TEN_MINUTES);
      participations.push({ election_id: election!.id, member_id: voter.id, position, voted_period: votedPeriod });
      ballots.push({ election_id: election!.id, position, candidate_id: choice.id, receipt: newReceipt() });
    }
  }
  if (ballots.length) {
    await db.transaction(async (tx) => {
      await tx.insert(electionParticipations).values(participations);
      // In receipt order, not in the members' order: the rows' order says nothing about the voters.
      await tx.insert(ballotsTable).values([...ballots].sort((a, b) => a.receipt.localeCompare(b.receipt)));
      await tx
        .update(candidates)
        .set({ vote_count: sql`(select count(*)::int from ballots b where b.candidate_id = candidates.id)` })
        .where(inArray(candidates.id, slate.map((c) => c.id)));
    });
  }
  log(`  Demo election "${DEMO_ELECTION_TITLE}": ${slate.length} candidates, ${ballots.length} votes cast so far.`);
  return { electionId: election!.id, candidates: slate.length, votes: ballots.length };
}
