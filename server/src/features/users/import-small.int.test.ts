import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, form, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 7: a school's export (First Name, Last Name, Email, Class, no gender) is
 * imported, its students' gender not given ('') until an admin sets it; a row repeated exactly
 * is imported once and named. Point 8: e-mail addresses are kept in lower case.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Import Admin' });
  await t.call('createClass', admin.token, { name: 'B1 Evenings' });
});
afterAll(() => t.close());

type Job = { id: number; status: string; message: string };
/** Waits until the job has ended, as the screen does (by asking again). */
const finished = async (id: number): Promise<Job> => {
  let job: Job | undefined;
  await vi.waitFor(
    async () => {
      job = (await t.call('getImportJobs', admin.token, {})).json().jobs.find((j) => j.id === id);
      expect(job?.status).not.toBe('running');
    },
    { timeout: 60_000, interval: 100 },
  );
  return job as Job;
};
const userNamed = (username: string) =>
  t.database.db
    .selectFrom('users')
    .select(['id', 'email', 'gender'])
    .where('username', '=', username)
    .executeTakeFirst();

describe('an import without a gender column', () => {
  const csv = [
    'First Name,Last Name,Email,Class',
    'Nora,Haddad,Nora.Haddad@School.Example,B1 Evenings',
    'Omid,Karimi,omid.karimi@school.example,b1 evenings',
  ].join('\n');

  it('is previewed, not refused: the gender is not given', async () => {
    const res = await t.call('previewUserImport', admin.token, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.new_count).toBe(2);
    expect(body.rows.map((r) => [r.status, r.gender, r.email, r.problems])).toEqual([
      ['new', '', 'nora.haddad@school.example', []],
      ['new', '', 'omid.karimi@school.example', []],
    ]);
  });

  it('imports the students with no gender, e-mails in lower case; the login answers gender ""; an admin sets it later', async () => {
    const started = await t.call('importUsers', admin.token, { csv });
    expect(started.statusCode, started.body).toBe(200);
    const job = await finished(started.json().job_id);
    expect(job.status).toBe('done');
    const nora = await userNamed('nora.haddad');
    expect(nora).toMatchObject({ email: 'nora.haddad@school.example', gender: '' });

    const credentials = (await t.call('importCredentials', admin.token, { job_id: job.id })).json()
      .students;
    const password = credentials.find((s) => s.username === 'nora.haddad')?.password ?? '';
    const login = await t.inject({
      method: 'POST',
      url: '/api/login.php',
      ...form({ username: 'nora.haddad', password }),
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().gender).toBe('');

    const listed = (await t.call('getUsers', admin.token, { q: 'nora' })).json().users;
    expect(listed.map((u) => u.gender)).toEqual(['']);
    const page = await t.call('getStudentOverview', admin.token, { user_id: nora?.id ?? 0 });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().student.gender).toBe('');

    const set = await t.call('updateUser', admin.token, {
      user_id: nora?.id ?? 0,
      name: 'Nora Haddad',
      email: 'Nora.Haddad@School.Example',
      gender: 'female',
      role_id: '2',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await userNamed('nora.haddad')).toMatchObject({
      gender: 'female',
      email: 'nora.haddad@school.example',
    });
  });

  it('still refuses a gender that is neither male nor female', async () => {
    const res = await t.call('previewUserImport', admin.token, {
      csv: 'name,email,gender\nPat Lee,pat.lee@school.example,x\n',
    });
    expect(res.json().rows[0]).toMatchObject({
      status: 'problem',
      problems: ['gender must be male or female (M or F), or left empty'],
    });
  });
});

describe('an exact duplicate row', () => {
  const csv = [
    'First Name,Last Name,Email,Class',
    'Lina,Sadeghi,lina.s@school.example,B1 Evenings',
    'Reza,Amini,reza.a@school.example,B1 Evenings',
    'Lina,Sadeghi,lina.s@school.example,B1 Evenings',
  ].join('\n');

  it('is named in the preview and imported once', async () => {
    const body = (await t.call('previewUserImport', admin.token, { csv })).json();
    expect(body.new_count).toBe(2);
    expect(body.rows.map((r) => [r.row, r.status, r.same_as, r.username])).toEqual([
      [2, 'new', null, 'lina.sadeghi'],
      [3, 'new', null, 'reza.amini'],
      [4, 'repeat', 2, 'lina.sadeghi'],
    ]);
    expect(body.message).toBe(
      '2 of 3 students will be imported. 1 row repeats another exactly (row 4 repeats row 2) and is left out: each student is imported once.',
    );
    const job = await finished((await t.call('importUsers', admin.token, { csv })).json().job_id);
    expect(job.status, job.message).toBe('done');
    const linas = await t.database.db
      .selectFrom('users')
      .select('username')
      .where('email', '=', 'lina.s@school.example')
      .execute();
    expect(linas.map((u) => u.username)).toEqual(['lina.sadeghi']);
  });

  it('still names two different rows with one e-mail as problems', async () => {
    const body = (
      await t.call('previewUserImport', admin.token, {
        csv: 'name,email\nAli One,same@school.example\nAli Two,SAME@school.example\n',
      })
    ).json();
    expect(body.rows.map((r) => r.status)).toEqual(['problem', 'problem']);
  });
});

describe('e-mail addresses in lower case', () => {
  it('add-user and update_user keep them in lower case', async () => {
    const added = await t.call('addUser', admin.token, {
      name: 'Case Person',
      username: 'case.person',
      email: 'Case.Person@Example.COM',
      password: 'a-long-password',
      role_id: '2',
      gender: 'male',
    });
    expect(added.statusCode, added.body).toBe(200);
    const person = await userNamed('case.person');
    expect(person?.email).toBe('case.person@example.com');
    await t.call('updateUser', admin.token, {
      user_id: person?.id ?? 0,
      name: 'Case Person',
      email: 'NEW.Case@Example.com',
      gender: 'male',
      role_id: '2',
    });
    expect((await userNamed('case.person'))?.email).toBe('new.case@example.com');
  });

  it("a guardian's e-mail is kept in lower case", async () => {
    const student = await t.student({ name: 'Guarded Student' });
    const saved = await t.call('saveGuardian', admin.token, {
      user_id: student.id,
      name: 'Parent',
      email: 'Parent@Home.Example',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await t.database.db
      .selectFrom('guardians')
      .select('email')
      .where('student_id', '=', student.id)
      .executeTakeFirst();
    expect(row?.email).toBe('parent@home.example');
  });
});
