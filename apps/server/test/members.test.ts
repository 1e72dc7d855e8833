import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIMITS } from '@aesa/shared/constants';
import { MEMBERS_MSG, type DirectoryMember, type MembersResponse } from '@aesa/shared/members';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { allKeys, insertDirectoryMembers, SECRET_KEYS } from './support/members-data.ts';

let t: TestApp;

// One small association, built once; every test reads the directory through the API.
beforeAll(async () => {
  t = await createTestApp();
  await insertDirectoryMembers(t.app, [
    { name: 'Adaeze Okafor', matric_number: 'AEE/19/1234', current_level: '300 Level', enrollment_year: 2019, roles: [{ role_name: 'President' }, { role_name: 'Members' }], skills: ['Aerodynamics', 'MATLAB'] },
    { name: 'Chinedu Eze', matric_number: 'AEE/20/5678', current_level: '200 Level', enrollment_year: 2020, roles: [{ role_name: 'Members' }], skills: ['CAD Design'] },
    { name: 'Bolaji Adeyemi', matric_number: 'AEE/18/1299', current_level: 'Alumni', enrollment_year: 2018, roles: [{ role_name: 'Vice President', is_current: false }, { role_name: 'Members' }], skills: ['Python'] },
    { name: 'Ngozi Vice', matric_number: 'AEE/21/0042', current_level: '300', enrollment_year: 2021, roles: [{ role_name: 'Vice President' }], skills: ['C++', 'Matlab Coding'] },
    { name: 'Room 12 Representative', matric_number: 'AEE/22/7777', current_level: '100 Level', enrollment_year: 2022, roles: [{ role_name: 'Members' }] },
    { name: 'Zainab Abdul_lahi', matric_number: 'AEE/23/3333', current_level: '500 Level', enrollment_year: 2023, skills: ['100% Rocketry'] },
    { name: 'Ọlá Adébáyọ̀', matric_number: 'AEE/22/4444', current_level: '300L', enrollment_year: 2022 },
    { name: 'Nwosu ADAEZE', matric_number: 'AEE/19/9990', current_level: 'alumni', enrollment_year: 2019 },
    { name: 'Adaeze Pending', matric_number: 'AEE/19/1230', current_level: '300 Level', enrollment_year: 2019, activated: false, roles: [{ role_name: 'President' }], skills: ['Aerodynamics'] },
  ]);
  // 30 more for paging, named so that their order is known.
  await insertDirectoryMembers(
    t.app,
    Array.from({ length: 30 }, (_, i) => ({ name: `Paging Member ${String(i + 1).padStart(2, '0')}`, matric_number: `PG/${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i % 26]}${i < 26 ? 'X' : 'Y'}`, current_level: '400 Level', enrollment_year: 2024 })),
  );
});
afterAll(() => t.close());

async function members(query = ''): Promise<MembersResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/members${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (r: MembersResponse) => r.data.map((m) => m.name);
async function badRequest(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/members${query}` });
  expect(res.statusCode, query).toBe(400);
  expect(res.json().success).toBe(false);
  return res.json().error as string;
}

describe('GET /api/members: paging', () => {
  it('answers the first page of 12 without paging parameters, with the total', async () => {
    const r = await members();
    expect(r.success).toBe(true);
    expect(r.page).toBe(1);
    expect(r.limit).toBe(LIMITS.membersPerPage);
    expect(r.data).toHaveLength(12);
    expect(r.total).toBe(38); // 8 activated demo rows + 30 paging rows; the pending account is not listed
    expect(r.total_pages).toBe(4);
  });

  it('orders by name then id, and pages never overlap or skip anyone', async () => {
    const all: string[] = [];
    for (let page = 1; page <= 4; page++) all.push(...(await members(`?page=${page}`)).data.map((m) => m.id));
    expect(all).toHaveLength(38);
    expect(new Set(all).size).toBe(38);
    const paging = await members('?search=paging&limit=12&page=3');
    expect(paging.total).toBe(30);
    expect(names(paging)).toEqual(Array.from({ length: 6 }, (_, i) => `Paging Member ${25 + i}`));
    // The database's own collation decides the order of names (users_name_order index).
    const { rows } = await t.app.db.execute<{ id: string }>(sql`select id from users where password_hash is not null order by name, id`);
    expect((await members('?limit=100')).data.map((m) => m.id)).toEqual(rows.map((r) => r.id));
  });

  it('answers an empty page past the end, with the right total', async () => {
    const r = await members('?search=paging&page=9');
    expect(r.data).toEqual([]);
    expect(r.total).toBe(30);
  });

  it('accepts a limit up to 100 and refuses more', async () => {
    expect((await members('?limit=100')).data).toHaveLength(38);
    expect(await badRequest('?limit=101')).toBe(MEMBERS_MSG.limitInvalid);
    expect(await badRequest('?limit=1000')).toBe(MEMBERS_MSG.limitInvalid);
    expect(await badRequest('?limit=0')).toBe(MEMBERS_MSG.limitInvalid);
    expect(await badRequest('?limit=ten')).toBe(MEMBERS_MSG.limitInvalid);
  });

  it('refuses bad page and year values with clear messages', async () => {
    expect(await badRequest('?page=0')).toBe(MEMBERS_MSG.pageInvalid);
    expect(await badRequest('?page=-1')).toBe(MEMBERS_MSG.pageInvalid);
    expect(await badRequest('?page=1.5')).toBe(MEMBERS_MSG.pageInvalid);
    expect(await badRequest('?page=99999')).toBe(MEMBERS_MSG.pageInvalid);
    expect(await badRequest('?year=abc')).toBe(MEMBERS_MSG.yearInvalid);
    expect(await badRequest('?year=201')).toBe(MEMBERS_MSG.yearInvalid);
    expect(await badRequest('?level=Freshers')).toBe(MEMBERS_MSG.levelInvalid);
    expect(await badRequest('?role=a&role=b')).toBe(MEMBERS_MSG.filterRepeated('Role'));
    expect(await badRequest(`?search=${'a'.repeat(101)}`)).toBe(MEMBERS_MSG.filterTooLong('Search'));
  });

  it('treats empty parameters as no filter', async () => {
    const r = await members('?search=&level=&role=&skill=&year=&page=&limit=');
    expect(r.total).toBe(38);
    expect(r.limit).toBe(12);
  });
});

describe('GET /api/members: filters', () => {
  it('matches a purely numeric search against matric numbers by substring, not names', async () => {
    expect(names(await members('?search=12'))).toEqual(['Adaeze Okafor', 'Bolaji Adeyemi']); // AEE/19/1234, AEE/18/1299; not "Room 12 ..."
    expect(names(await members('?search=7777'))).toEqual(['Room 12 Representative']);
  });

  it('matches other searches against the name, case-insensitively, by substring', async () => {
    expect(names(await members('?search=ADAEZE'))).toEqual(['Adaeze Okafor', 'Nwosu ADAEZE']);
    expect(names(await members('?search=okaf'))).toEqual(['Adaeze Okafor']);
    expect(names(await members('?search=room%2012'))).toEqual(['Room 12 Representative']);
    // Letters beyond ASCII fold too (Yoruba subdots and accents).
    expect(names(await members(`?search=${encodeURIComponent('ỌLÁ ADÉ')}`))).toEqual(['Ọlá Adébáyọ̀']);
    // A term with a slash is part of a matric number, in any case: "aee/19" finds the class of 2019.
    expect(names(await members('?search=AEE/19'))).toEqual(['Adaeze Okafor', 'Nwosu ADAEZE']);
    expect(names(await members('?search=aee%2F22%2F7'))).toEqual(['Room 12 Representative']);
  });

  it('takes % and _ in a search literally', async () => {
    expect(names(await members('?search=_'))).toEqual(['Zainab Abdul_lahi']);
    expect((await members('?search=%25')).total).toBe(0);
    expect(names(await members('?skill=100%25'))).toEqual(['Zainab Abdul_lahi']);
    expect((await members('?search=%5C')).total).toBe(0); // a backslash
  });

  it('matches a level by its digits: "300" and "300 Level" find "300 Level", "300" and "300L"', async () => {
    expect(names(await members('?level=300'))).toEqual(['Adaeze Okafor', 'Ngozi Vice', 'Ọlá Adébáyọ̀']);
    expect(names(await members('?level=300%20Level'))).toEqual(['Adaeze Okafor', 'Ngozi Vice', 'Ọlá Adébáyọ̀']);
    expect(names(await members('?level=30'))).toEqual([]);
    expect(names(await members('?level=100+Level'))).toEqual(['Room 12 Representative']);
  });

  it('matches Alumni only to Alumni (any case), never to numbered levels', async () => {
    expect(names(await members('?level=Alumni'))).toEqual(['Bolaji Adeyemi', 'Nwosu ADAEZE']);
    expect(names(await members('?level=alumni'))).toEqual(['Bolaji Adeyemi', 'Nwosu ADAEZE']);
  });

  it('matches a role by its whole name, in any case, among CURRENT roles only', async () => {
    // "President" does not find the Vice President.
    expect(names(await members('?role=president'))).toEqual(['Adaeze Okafor']);
    expect(names(await members('?role=VICE%20president'))).toEqual(['Ngozi Vice']); // Bolaji's Vice President role is past
    expect((await members('?role=VICE')).total).toBe(0);
    expect((await members('?role=members')).total).toBe(4);
  });

  it('matches a skill by case-insensitive substring', async () => {
    expect(names(await members('?skill=matlab'))).toEqual(['Adaeze Okafor', 'Ngozi Vice']);
    expect(names(await members('?skill=cad'))).toEqual(['Chinedu Eze']);
    expect(names(await members('?skill=c%2B%2B'))).toEqual(['Ngozi Vice']);
  });

  it('matches the enrollment year exactly', async () => {
    expect(names(await members('?year=2019'))).toEqual(['Adaeze Okafor', 'Nwosu ADAEZE']);
    expect((await members('?year=2017')).total).toBe(0);
  });

  it('combines filters (all must hold) and counts with the same filters', async () => {
    expect(names(await members('?level=300&skill=matlab&role=president'))).toEqual(['Adaeze Okafor']);
    expect(names(await members('?level=300&year=2022'))).toEqual(['Ọlá Adébáyọ̀']);
    expect(names(await members('?level=300&year=2021'))).toEqual(['Ngozi Vice']);
    expect(names(await members('?search=adaeze&level=alumni'))).toEqual(['Nwosu ADAEZE']);
    const r = await members('?search=adaeze&year=2019&skill=aero');
    expect(names(r)).toEqual(['Adaeze Okafor']);
    expect(r.total).toBe(1);
    expect((await members('?year=2024&level=400&limit=5')).total).toBe(30);
  });

  it('never lists an account whose owner has not set a password', async () => {
    expect(names(await members('?search=pending'))).toEqual([]);
    expect(names(await members('?search=1230'))).toEqual([]);
  });
});

describe('GET /api/members: what a card carries', () => {
  it('answers exactly the directory fields, current roles and skills, and no contact or password data', async () => {
    const r = await members('?search=okafor');
    const card = r.data[0] as DirectoryMember;
    expect(Object.keys(card).sort()).toEqual(['current_level', 'enrollment_year', 'id', 'matric_number', 'member_roles', 'name', 'profile_image_url', 'user_skills']);
    expect(card).toMatchObject({ name: 'Adaeze Okafor', matric_number: 'AEE/19/1234', current_level: '300 Level', enrollment_year: 2019, profile_image_url: null });
    expect(card.member_roles).toEqual([{ role_name: 'President' }, { role_name: 'Members' }]);
    expect(card.user_skills).toEqual([{ skill_name: 'Aerodynamics' }, { skill_name: 'MATLAB' }]);
    const past = (await members('?search=bolaji')).data[0]!;
    expect(past.member_roles).toEqual([{ role_name: 'Members' }]);
    const keys = allKeys((await members('?limit=100')));
    for (const secret of SECRET_KEYS) expect(keys.has(secret), secret).toBe(false);
  });

  it('is public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members', headers: { authorization: 'Bearer not-a-valid-token-at-all-xxxxxx' } });
    expect(res.statusCode).toBe(200);
  });
});
