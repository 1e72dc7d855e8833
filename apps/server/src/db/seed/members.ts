import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ENROLLMENT_YEARS, POSITIONS, PROJECT_CATEGORIES, SKILLS, SOCIAL_PLATFORMS, type Level } from '@aesa/shared/constants';
import { IMAGE_KINDS } from '@aesa/shared/uploads';
import { UPLOAD_URL_PREFIX } from '../../modules/uploads/uploads.service.ts';
import { executives, memberRoles, uploads, userAchievements, userProjects, users, userSkills, userSocialLinks, userVolunteerActivities } from '../schema.ts';

// Demo members for a newcomer's first start: an aerospace engineering class of a Nigerian
// university, every level, year, role and skill represented, with projects, achievements,
// volunteering (some private), social links, avatars and the current executive council.
// Everything but the password is derived from a fixed seed, so every fresh demo database looks the
// same; the password is random per installation (demo-logins.ts).

const MEMBER_COUNT = 64;
const SESSION = '2024-2025';

const FIRST = [
  ['Adaeze', 'f'], ['Chinedu', 'm'], ['Oluwaseun', 'm'], ['Ifeoma', 'f'], ['Emeka', 'm'], ['Aisha', 'f'], ['Tunde', 'm'], ['Ngozi', 'f'],
  ['Ibrahim', 'm'], ['Funmilayo', 'f'], ['Chukwuemeka', 'm'], ['Zainab', 'f'], ['Babatunde', 'm'], ['Amaka', 'f'], ['Yusuf', 'm'], ['Temitope', 'f'],
  ['Obinna', 'm'], ['Halima', 'f'], ['Segun', 'm'], ['Chiamaka', 'f'], ['Musa', 'm'], ['Folake', 'f'], ['Ikechukwu', 'm'], ['Hauwa', 'f'],
  ['Olumide', 'm'], ['Nneka', 'f'], ['Abdullahi', 'm'], ['Bisola', 'f'], ['Kelechi', 'm'], ['Fatima', 'f'], ['Damilola', 'f'], ['Uchenna', 'm'],
  ['Aminu', 'm'], ['Yetunde', 'f'], ['Chidi', 'm'], ['Maryam', 'f'], ['Kayode', 'm'], ['Ebere', 'f'], ['Sani', 'm'], ['Titilayo', 'f'],
  ['Nnamdi', 'm'], ['Rukayat', 'f'], ['Femi', 'm'], ['Onyinye', 'f'], ['Bashir', 'm'], ['Morenike', 'f'], ['Tochukwu', 'm'], ['Khadija', 'f'],
  ['Gbenga', 'm'], ['Ozioma', 'f'], ['Usman', 'm'], ['Simisola', 'f'], ['Ifeanyi', 'm'], ['Hadiza', 'f'], ['Oladele', 'm'], ['Chinonso', 'f'],
  ['Aliyu', 'm'], ['Modupe', 'f'], ['Ekene', 'm'], ['Jumoke', 'f'], ['Victor', 'm'], ['Grace', 'f'], ['David', 'm'], ['Esther', 'f'],
] as const;
const LAST = [
  'Okafor', 'Adeyemi', 'Bello', 'Eze', 'Okonkwo', 'Abubakar', 'Oladipo', 'Nwosu', 'Ibrahim', 'Ogunleye', 'Chukwu', 'Mohammed', 'Adebayo',
  'Obi', 'Danjuma', 'Akinola', 'Nwachukwu', 'Suleiman', 'Olawale', 'Uzor', 'Lawal', 'Ogbonna', 'Adewale', 'Yakubu', 'Okeke', 'Balogun',
  'Onyeka', 'Garba', 'Afolabi', 'Anyanwu', 'Salami', 'Emenike',
];

const INTERESTS = [
  'low-speed aerodynamics', 'rocket propulsion', 'UAV design', 'composite structures', 'flight control systems', 'satellite systems',
  'computational fluid dynamics', 'aircraft maintenance', 'avionics', 'space policy', 'gas turbine engines', 'orbital mechanics',
];
const EXTRAS = [
  'I enjoy building things that fly and breaking them in the lab first.',
  'Currently learning more about embedded systems for small drones.',
  'Happy to help juniors with SolidWorks and MATLAB.',
  'I believe Nigeria can build its own aerospace industry, one student project at a time.',
  'Member of the departmental model rocketry team.',
  'Looking for an internship with an airline MRO or a drone company.',
  'I write about engineering careers for the AESA newsletter.',
  'Outside class: football, chess and too much jollof.',
];

const PROJECTS: { title: string; description: string; category: (typeof PROJECT_CATEGORIES)[number] }[] = [
  { title: 'Balsa glider for the design-build-fly challenge', description: 'Designed, built and flight-tested a 1.2 m balsa glider; tuned the tail volume for stability.', category: 'Design' },
  { title: 'CubeSat attitude control simulation', description: 'Simulink model of reaction-wheel attitude control for a 1U CubeSat, with a PID and an LQR controller.', category: 'Research' },
  { title: 'Low-speed wind tunnel refurbishment', description: 'Rebuilt the honeycomb and contraction of the department wind tunnel and calibrated the pitot rake.', category: 'Aerospace' },
  { title: 'Arduino quadcopter flight controller', description: 'Wrote a flight controller for a 450 mm quadcopter on an Arduino with an MPU-6050 IMU.', category: 'Aerospace' },
  { title: 'CFD study of a NACA 2412 aerofoil', description: 'Compared ANSYS Fluent lift and drag predictions with wind tunnel data at Reynolds number 300,000.', category: 'Research' },
  { title: 'Static test stand for a sugar rocket motor', description: 'Load-cell test stand and data logger for measuring the thrust curve of KNSB motors.', category: 'Aerospace' },
  { title: 'Carbon-fibre wing spar layup', description: 'Hand layup and three-point bending tests of carbon-fibre spars for a small UAV.', category: 'Mechanical' },
  { title: 'Flight data logger for model rockets', description: 'Barometric altitude and acceleration logger with SD card storage and a Python plotting tool.', category: 'Software' },
  { title: 'Crop-monitoring UAV', description: 'Fixed-wing UAV with a multispectral camera for monitoring maize farms around campus.', category: 'Aerospace' },
  { title: 'Turbojet cut-away teaching model', description: '3D-printed cut-away model of a single-spool turbojet for the propulsion lab.', category: 'Mechanical' },
  { title: 'Orbital transfer toolbox in MATLAB', description: 'Functions for Hohmann and bi-elliptic transfers with plots, used in the orbital mechanics course.', category: 'Software' },
  { title: 'Ducted fan thrust study', description: 'Measured the thrust gain of 3D-printed ducts over open propellers at different tip clearances.', category: 'Research' },
  { title: 'Weather-satellite ground station', description: 'Received NOAA APT images with an RTL-SDR and a home-made V-dipole antenna.', category: 'Other' },
  { title: 'Heat-shield material tests', description: 'Oxy-acetylene torch tests of cork and epoxy ablative samples for a sounding rocket nose cone.', category: 'Research' },
];
const ACHIEVEMENTS = [
  "Dean's List, Faculty of Engineering",
  'First place, NUESA Innovation Challenge',
  'Finalist, Africa CanSat Competition',
  'Certified SolidWorks Associate (CSWA)',
  'Best student paper, Student Aerospace Conference',
  'Best final year project, Department of Aerospace Engineering',
  'NNPC/Total undergraduate scholarship',
  'Second place, departmental rocketry launch day',
];
const ACTIVITIES: { activity_name: string; organization: string; description: string }[] = [
  { activity_name: 'STEM outreach to secondary schools', organization: 'AESA Outreach Team', description: 'Taught paper-plane and water-rocket sessions to SS2 students.' },
  { activity_name: 'Freshers orientation guide', organization: 'Faculty of Engineering', description: 'Showed new students round the labs and helped with course registration.' },
  { activity_name: 'Campus tree planting', organization: 'Green Campus Initiative', description: 'Planted and watered seedlings along the engineering road.' },
  { activity_name: 'Blood donation drive', organization: 'Red Cross Society, campus branch', description: 'Registered donors and managed the queue.' },
  { activity_name: 'Peer tutoring in Engineering Mathematics', organization: 'AESA Academic Committee', description: 'Weekly tutorials for 100 and 200 Level students.' },
  { activity_name: 'Science fair judge', organization: 'State Ministry of Education', description: 'Judged the engineering entries of the state science fair.' },
];
const AVATAR_COLOURS = ['#1e3a8a', '#0f766e', '#7c2d12', '#6d28d9', '#b45309', '#be123c', '#15803d', '#0369a1', '#4338ca', '#a21caf'];

/** The level of a student who enrolled in `year`, in the 2024-2025 session (five-year programme). */
function levelOf(year: number): Level {
  const latest = ENROLLMENT_YEARS[ENROLLMENT_YEARS.length - 1]!;
  const level = (latest - year + 1) * 100;
  return level > 500 ? 'Alumni' : (`${level} Level` as Level);
}

/** A small deterministic random source (mulberry32), so every demo database is the same. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)]!, chance: (p: number) => next() < p };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A round avatar (transparent corners) with the member's initials, rendered from SVG by sharp into a WebP raster. */
export async function renderAvatar(initials: string, colour: string): Promise<Buffer> {
  const size = IMAGE_KINDS.profile.width / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${colour}"/>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
      font-size="${size * 0.4}" font-weight="bold" fill="#ffffff">${initials}</text>
  </svg>`;
  // effort 0: four times faster to encode than the default, for a flat image that compresses well anyway.
  return sharp(Buffer.from(svg)).webp({ quality: 85, effort: 0 }).toBuffer();
}

interface DemoMember {
  id: string;
  name: string;
  first: string;
  female: boolean;
  year: number;
  level: Level;
}

/**
 * Seeds the demo members and the executive council in one transaction (a failure leaves no
 * half-seeded database, and removes the avatar files it wrote). Returns the members' ids.
 * `passwordHash`: the demo members' shared password, hashed (demo-logins.ts).
 */
export async function seedMembers(app: FastifyInstance, passwordHash: string, log: (m: string) => void = () => {}) {
  const started = Date.now();
  const rnd = random(20242025);

  const members: DemoMember[] = Array.from({ length: MEMBER_COUNT }, (_, i) => {
    const [first, sex] = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7 + 3) % LAST.length]!;
    const year = ENROLLMENT_YEARS[i % ENROLLMENT_YEARS.length]!;
    return { id: randomUUID(), name: `${first} ${last}`, first, female: sex === 'f', year, level: levelOf(year) };
  });

  // Avatars for three members in four; the others keep the default picture.
  const avatarRows: { user_id: string; path: string; kind: string; bytes: number }[] = [];
  const avatarOf = new Map<string, string>();
  const written: string[] = [];
  await Promise.all(
    members.map(async (m, i) => {
      if (i % 4 === 3) return;
      const initials = m.name.split(' ').map((w) => w[0]).join('');
      const image = await renderAvatar(initials, AVATAR_COLOURS[i % AVATAR_COLOURS.length]!);
      const relative = `profile/${randomUUID()}.webp`;
      const file = path.join(app.config.uploadDir, relative);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, image);
      written.push(file);
      avatarRows.push({ user_id: m.id, path: relative, kind: 'profile', bytes: image.length });
      avatarOf.set(m.id, UPLOAD_URL_PREFIX + relative);
    }),
  );

  const userRows = members.map((m, i) => {
    const first = rnd.int(INTERESTS.length);
    const interests = [INTERESTS[first]!, INTERESTS[(first + 1 + rnd.int(INTERESTS.length - 1)) % INTERESTS.length]!];
    const bio =
      m.level === 'Alumni'
        ? `Graduate of the Department of Aerospace Engineering (class of ${m.year + 5}). I work on ${interests[0]} and still mentor AESA students. ${rnd.pick(EXTRAS)}`
        : `${m.level} aerospace engineering student interested in ${interests[0]} and ${interests[1]}. ${rnd.pick(EXTRAS)}`;
    return {
      id: m.id,
      name: m.name,
      email: `${slug(m.name.split(' ')[0]!)}.${slug(m.name.split(' ')[1]!)}${i}@students.aesa-demo.example`,
      matric_number: `AEE/${String(m.year).slice(2)}/${pad(1000 + ((i * 389) % 9000), 4)}`,
      password_hash: passwordHash,
      email_verified_at: new Date(),
      phone_number: i % 5 === 4 ? null : `+234 80${rnd.int(10)} ${pad(rnd.int(1000), 3)} ${pad(rnd.int(10000), 4)}`,
      bio: i % 9 === 8 ? null : bio,
      profile_image_url: avatarOf.get(m.id) ?? null,
      current_level: m.level,
      enrollment_year: m.year,
      user_type: m.level === 'Alumni' ? 'alumni' : 'student',
    };
  });

  // The current council: each office goes to a member of the levels the eligibility text names.
  const eligible: Record<(typeof POSITIONS)[number], { levels: Level[]; female?: boolean }> = {
    President: { levels: ['400 Level', '500 Level'] },
    'Vice President': { levels: ['300 Level', '400 Level'] },
    'General Secretary': { levels: ['400 Level', '500 Level'] },
    'Assistant General Secretary': { levels: ['100 Level', '200 Level'] },
    Treasurer: { levels: ['200 Level', '300 Level'], female: true },
    'Financial Secretary': { levels: ['100 Level', '200 Level'] },
    'Public Relations Officer': { levels: ['200 Level', '300 Level'] },
    'Social Director': { levels: ['200 Level', '300 Level'] },
    'Welfare Director': { levels: ['200 Level', '300 Level'] },
    'Sports Director': { levels: ['400 Level', '500 Level'] },
  };
  const taken = new Set<string>();
  const council = POSITIONS.map((position) => {
    const rule = eligible[position];
    const holder = members.find((m) => !taken.has(m.id) && rule.levels.includes(m.level) && (!rule.female || m.female))!;
    taken.add(holder.id);
    return { position, holder };
  });
  // Two alumni held offices last session.
  const alumni = members.filter((m) => m.level === 'Alumni');
  const former = [
    { position: 'President', holder: alumni[0]! },
    { position: 'General Secretary', holder: alumni[1]! },
  ];

  const roleRows = [
    // Everyone is a member; a few memberships still wait for an admin's verification.
    ...members.map((m, i) => ({ user_id: m.id, role_name: 'Members', role_type: m.level === 'Alumni' ? 'alumni' : 'member', is_current: true, verified_by_admin: i % 13 !== 12 })),
    ...council.map(({ position, holder }) => ({
      user_id: holder.id,
      role_name: position,
      role_type: 'executive',
      associated_position: position,
      associated_year_range: SESSION,
      is_current: true,
      verified_by_admin: true,
    })),
    ...former.map(({ position, holder }) => ({
      user_id: holder.id,
      role_name: position,
      role_type: 'executive',
      associated_position: position,
      associated_year_range: '2023-2024',
      is_current: false,
      verified_by_admin: true,
    })),
  ];

  // Skills: every skill of the list is held by someone (the first pass walks the whole list).
  const skillRows: { user_id: string; skill_name: string; proficiency_level: string }[] = [];
  const levels = ['Beginner', 'Intermediate', 'Advanced', 'Expert'];
  members.forEach((m, i) => {
    const names = new Set<string>([SKILLS[i % SKILLS.length]!]);
    const count = 2 + rnd.int(5);
    while (names.size < count) names.add(rnd.pick(SKILLS));
    for (const skill_name of names) skillRows.push({ user_id: m.id, skill_name, proficiency_level: rnd.pick(levels) });
  });

  const linkRows: { user_id: string; platform_name: string; profile_url: string }[] = [];
  const projectRows: (typeof userProjects.$inferInsert)[] = [];
  const achievementRows: (typeof userAchievements.$inferInsert)[] = [];
  const activityRows: (typeof userVolunteerActivities.$inferInsert)[] = [];
  const urlFor: Record<(typeof SOCIAL_PLATFORMS)[number], (handle: string) => string> = {
    linkedin: (h) => `https://www.linkedin.com/in/${h}`,
    twitter: (h) => `https://x.com/${h}`,
    instagram: (h) => `https://www.instagram.com/${h}`,
    github: (h) => `https://github.com/${h}`,
    stackoverflow: (h) => `https://stackoverflow.com/users/${1000000 + h.length * 7919}/${h}`,
    medium: (h) => `https://medium.com/@${h}`,
  };
  members.forEach((m, i) => {
    const handle = slug(m.name) + (i % 3 === 0 ? String(m.year).slice(2) : '');
    for (const platform of SOCIAL_PLATFORMS) if (rnd.chance(platform === 'linkedin' ? 0.7 : 0.3)) linkRows.push({ user_id: m.id, platform_name: platform, profile_url: urlFor[platform](handle) });

    const projectCount = m.level === '100 Level' ? rnd.int(2) : rnd.int(4);
    for (let p = 0; p < projectCount; p++) {
      const idea = PROJECTS[(i * 3 + p) % PROJECTS.length]!;
      const startYear = Math.max(m.year, 2021) + rnd.int(3);
      const start = isoDate(Math.min(startYear, 2025), 1 + rnd.int(12), 1 + rnd.int(28));
      const status = rnd.pick(['Completed', 'In Progress', 'In Progress', 'On Hold', 'Planning'] as const);
      const end = status === 'Completed' ? isoDate(Number(start.slice(0, 4)) + 1, 1 + rnd.int(12), 1 + rnd.int(28)) : null;
      projectRows.push({
        user_id: m.id,
        title: idea.title,
        description: idea.description,
        category: idea.category,
        status,
        start_date: start,
        end_date: end,
        project_url: rnd.chance(0.4) ? `https://github.com/${handle}/${slug(idea.title).slice(0, 24)}` : null,
        privacy: rnd.chance(0.15),
      });
    }
    for (let a = 0; a < rnd.int(3); a++) {
      achievementRows.push({
        user_id: m.id,
        title: ACHIEVEMENTS[(i + a * 3) % ACHIEVEMENTS.length]!,
        description: rnd.chance(0.6) ? 'Awarded during the academic session after a departmental nomination.' : null,
        date_achieved: isoDate(Math.min(m.year + 1 + a, 2025), 1 + rnd.int(12), 1 + rnd.int(28)),
        privacy: rnd.chance(0.2),
      });
    }
    for (let v = 0; v < rnd.int(3); v++) {
      const act = ACTIVITIES[(i + v * 2) % ACTIVITIES.length]!;
      const startYear = Math.min(m.year + v, 2025);
      activityRows.push({
        user_id: m.id,
        ...act,
        start_date: isoDate(startYear, 1 + rnd.int(12), 1 + rnd.int(28)),
        end_date: rnd.chance(0.5) ? null : isoDate(startYear + 1, 1 + rnd.int(12), 1 + rnd.int(28)),
        privacy: rnd.chance(0.2),
      });
    }
  });

  const executiveRows = [
    ...council.map(({ position, holder }) => ({ user_id: holder.id, position, year: SESSION, is_current: true })),
    ...former.map(({ position, holder }) => ({ user_id: holder.id, position, year: '2023-2024', is_current: false, end_date: new Date('2024-09-30T23:00:00Z') })),
  ];

  try {
    await app.db.transaction(async (tx) => {
      await tx.insert(users).values(userRows);
      if (avatarRows.length) await tx.insert(uploads).values(avatarRows);
      await tx.insert(memberRoles).values(roleRows);
      await tx.insert(userSkills).values(skillRows);
      if (linkRows.length) await tx.insert(userSocialLinks).values(linkRows);
      if (projectRows.length) await tx.insert(userProjects).values(projectRows);
      if (achievementRows.length) await tx.insert(userAchievements).values(achievementRows);
      if (activityRows.length) await tx.insert(userVolunteerActivities).values(activityRows);
      await tx.insert(executives).values(executiveRows);
    });
  } catch (err) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw err;
  }
  log(`  Seeded ${members.length} demo members and the executive council in ${Date.now() - started} ms.`);
  return { memberIds: members.map((m) => m.id), executives: council.map(({ position, holder }) => ({ position, userId: holder.id })) };
}
