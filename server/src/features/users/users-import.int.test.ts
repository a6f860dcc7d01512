import { IMPORT_MAX_ROWS } from '@academy/contract/constants';
import { hash } from '@node-rs/argon2';
import { type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, PRODUCTION_HASH_COST } from '../../auth/passwords.js';
import {
  closeApp,
  createTestApp,
  form,
  present,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { INTERRUPTED, STALE_MS } from './import-jobs.js';
import { parseStudentsCsv } from './users-csv.js';
import { checkStudents, writeStudents } from './users-import.js';

// Counts the passwords hashed: a refused file must hash none.
vi.mock('../../auth/passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../auth/passwords.js')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});
const hashed = vi.mocked(hashPassword);
const hashedAtSuiteCost = hashed.getMockImplementation() ?? hashPassword;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Head Admin' });
});
afterAll(() => t.close());

const preview = (csv: string) => t.call('previewUserImport', admin, { csv });
const importCsv = (csv: string) => t.call('importUsers', admin, { csv });
const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/login.php', ...form({ username, password }) });
const countUsers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
type Job = { id: number; status: string; done: number; total: number; message: string };
const jobs = async (app: TestApp = t): Promise<Job[]> => {
  const res = await app.call('getImportJobs', admin.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jobs;
};
/** Waits until the job has ended, as the screen does (by asking again). */
const finished = async (id: number, app: TestApp = t): Promise<Job> => {
  let job: Job | undefined;
  await vi.waitFor(
    async () => {
      job = (await jobs(app)).find((j) => j.id === id);
      expect(job?.status).not.toBe('running');
    },
    { timeout: 60_000, interval: 100 },
  );
  return job as Job;
};

const header = 'name,username,email,gender,password';
const goodRows = (prefix: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Student ${prefix} ${i + 1},${prefix}${i + 1},${prefix}${i + 1}@school.example,${i % 2 ? 'female' : 'male'},`,
  );

describe('POST /api/preview_user_import.php', () => {
  it('names every problem of every row, bad rows first, numbered as a spreadsheet does', async () => {
    const existing = await t.student();
    const admin2 = await t.admin();
    const before = await countUsers();
    const csv = [
      header,
      'Good One,goodone,good.one@school.example,female,',
      ',noname,noname@school.example,male,',
      'Bad Mail,badmail,not-an-email,male,',
      `Taken Name,${existing.username.toUpperCase()},taken.name@school.example,male,`,
      'Twice A,twice,twice.a@school.example,male,',
      'Twice B,TWICE,twice.b@school.example,female,',
      `Taken Mail,takenmail,${admin2.username}@EXAMPLE.com,male,`,
      'Same Mail 1,samemail1,same@school.example,male,',
      'Same Mail 2,samemail2,Same@School.example,male,',
      'Short Pass,shortpass,short.pass@school.example,male,abc',
      'No Gender,nogender,no.gender@school.example,,long-enough-1',
      'Bad Gender,badgender,bad.gender@school.example,other,long-enough-1',
      'Formula Pass,formulapass,formula.pass@school.example,male,=cmd|x!A1',
      'Given Pass,givenpass,given.pass@school.example,Female,long-enough-1',
    ].join('\n');
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // A row without a gender is imported, its gender not given (issue 49, point 7).
    expect(body).toMatchObject({ ready: true, new_count: 3 });
    expect(body.message).toBe(
      '3 of 14 students will be imported. 11 rows have problems (rows 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14) and will be skipped; fix them and import the file again to add them.',
    );
    const rows = body.rows.map((r: { row: number; status: string; problems: string[] }) => [
      r.row,
      r.status,
      r.problems,
    ]);
    expect(rows).toEqual([
      [3, 'problem', ['name is missing']],
      [4, 'problem', ['e-mail is not a valid address']],
      [5, 'problem', ['username is already taken by another account']],
      [6, 'problem', ['username is repeated in row 7']],
      [7, 'problem', ['username is repeated in row 6']],
      [8, 'problem', [`e-mail is already used by another account (${admin2.username})`]],
      [9, 'problem', ['e-mail is repeated in row 10']],
      [10, 'problem', ['e-mail is repeated in row 9']],
      [11, 'problem', ['password is shorter than 8 characters']],
      [13, 'problem', ['gender must be male or female (M or F), or left empty']],
      [14, 'problem', ['password must not start with = + - or @ (a spreadsheet would run it)']],
      [2, 'new', []],
      [12, 'new', []],
      [15, 'new', []],
    ]);
    expect(body.rows.at(-1)).toMatchObject({ gender: 'female', has_password: true });
    // No password comes back.
    expect(res.body).not.toContain('long-enough-1');
    expect(await countUsers()).toBe(before);
  });

  it("reads a school's export: First/Last Name, F/M, missing usernames, students already here", async () => {
    const here = await t.student({ name: 'Old Hand', username: 'old.hand' });
    await t.student({ name: 'Sara Ahmadi', username: 'sara.ahmadi' });
    await t.call('createClass', admin, { name: 'B1 Evening' });
    const csv = [
      '\uFEFFFirst Name,Last Name,E-mail,Gender,Class',
      'Sara,Ahmadi,sara.a@school.example,F,B1 Evening',
      'Sara,Ahmadi,sara.b@school.example,f,',
      '',
      'José,Núñez,jose@school.example,M,b1 evening',
      `Old,Hand,${here.username}@example.com,M,`,
      'Bad,Row,bad@school.example,X,',
      'Nobody,,nobody@school.example,M,No Such Class',
      '"Line\nBreak",Name,line@school.example,M,',
    ].join('\r\n');
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const rows = body.rows.map((r: Record<string, unknown>) => [
      r.row,
      r.status,
      r.name,
      r.username,
      r.username_made,
      r.gender,
      r.class,
    ]);
    expect(rows).toEqual([
      [7, 'problem', 'Bad Row', '', false, 'x', ''],
      [8, 'problem', 'Nobody', '', false, 'male', 'No Such Class'],
      [2, 'new', 'Sara Ahmadi', 'sara.ahmadi2', true, 'female', 'B1 Evening'],
      [3, 'new', 'Sara Ahmadi', 'sara.ahmadi3', true, 'female', ''],
      [5, 'new', 'José Núñez', 'jose.nunez', true, 'male', 'b1 evening'],
      [6, 'already_here', 'Old Hand', '', false, 'male', ''],
      // A line break in a name is removed, as file names lose theirs.
      [9, 'new', 'LineBreak Name', 'linebreak.name', true, 'male', ''],
    ]);
    expect(body.message).toBe(
      '4 of 7 students will be imported. 1 already has an account (row 6) and will be left as they are. 2 rows have problems (rows 7, 8) and will be skipped; fix them and import the file again to add them.',
    );
    expect(body.rows[1]?.problems).toEqual([
      'class "No Such Class" is not a class in use (create it first)',
    ]);
  });

  it('refuses a file without the columns, without students, or with too many, saying why', async () => {
    const noColumn = await preview('name,username,gender\nA,a,male\n');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toBe(
      'The first row must name the columns: name (or First Name and Last Name), email and, optionally, gender, username, password, class, role, and one guardian: Guardian Name with Guardian Phone or Guardian Email (or both); this file has no email column.',
    );
    const empty = await preview(`${header}\n\n`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no students under its header row.');
    const many = await preview([header, ...goodRows('many', IMPORT_MAX_ROWS + 1)].join('\n'));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(
      `The file has ${IMPORT_MAX_ROWS + 1} students; at most ${IMPORT_MAX_ROWS} can be imported at a time. Split it into smaller files.`,
    );
  });

  it('names a row with more or fewer cells than the header, and an unclosed quote', async () => {
    const res = await preview(
      `${header}\nOne,one,one@school.example,male,,extra\nTwo,two\nThree,three,three@school.example,male,,,\n`,
    );
    const byRow = Object.fromEntries(
      res.json().rows.map((r: { row: number; problems: string[] }) => [r.row, r.problems]),
    );
    expect(byRow[2]).toEqual(['has more cells than the header row']);
    expect(byRow[3]).toContain('has fewer cells than the header row');
    // Empty cells past the header are what spreadsheets write: not a problem.
    expect(byRow[4]).toEqual([]);
  });
});

describe('guardians in the file', () => {
  const guardianHeader = `${header},role,Guardian Name,Guardian Phone,Guardian E-mail`;
  const row = (who: string, role: string, guardian: string) =>
    `Kid ${who},kid.${who},kid.${who}@school.example,female,,${role},${guardian}`;

  it('reads one guardian a row by the Guardians card’s rules, naming each problem in its row', async () => {
    const here = await t.student({ name: 'Kid Here', username: 'kid.here' });
    const csv = [
      guardianHeader,
      row('phone', '', 'Ayşe Veli,+90 (555) 123-45 67,'),
      row('mail', '', 'Omid Karimi,,omid@family.example'),
      row('none', '', ',,'),
      row('onlyname', '', 'Lone Name,,'),
      row('badphone', '', 'Bad Phone,0555 123 45 67,'),
      row('badmail', '', 'Bad Mail,,not-a-mail'),
      row('noname', '', ',+447700900123,'),
      row('longname', '', `${'x'.repeat(101)},+447700900123,`),
      row('teacher', 'teacher', 'Parent Of Teacher,+447700900124,'),
      `Kid Here,${here.username},${here.username}@example.com,female,,,Ignored Parent,+447700900125,`,
    ].join('\n');
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    const byRow = Object.fromEntries(
      res
        .json()
        .rows.map((r: { row: number; status: string; guardian: unknown; problems: string[] }) => [
          r.row,
          [r.status, r.guardian, r.problems],
        ]),
    );
    expect(byRow).toEqual({
      2: ['new', { name: 'Ayşe Veli', phone: '+905551234567', email: null }, []],
      3: ['new', { name: 'Omid Karimi', phone: null, email: 'omid@family.example' }, []],
      4: ['new', null, []],
      5: [
        'problem',
        { name: 'Lone Name', phone: null, email: null },
        ["Please enter the guardian's phone number or e-mail address (or both)."],
      ],
      6: [
        'problem',
        { name: 'Bad Phone', phone: '0555 123 45 67', email: null },
        [
          "Please enter the guardian's phone number with + and the country code, such as +44 7700 900123.",
        ],
      ],
      7: [
        'problem',
        { name: 'Bad Mail', phone: null, email: 'not-a-mail' },
        ["Please enter the guardian's e-mail address as name@example.com."],
      ],
      8: [
        'problem',
        { name: '', phone: '+447700900123', email: null },
        ["Please enter the guardian's name."],
      ],
      9: [
        'problem',
        { name: 'x'.repeat(101), phone: '+447700900123', email: null },
        ['guardian name must be at most 100 characters'],
      ],
      10: [
        'problem',
        { name: 'Parent Of Teacher', phone: '+447700900124', email: null },
        ['a teacher has no guardians: leave the guardian cells empty'],
      ],
      // A student already here is left as they are: no guardian is added to them.
      11: ['already_here', { name: 'Ignored Parent', phone: '+447700900125', email: null }, []],
    });
  });

  it('adds each new student’s guardian in the import’s transaction, and none to a student already here', async () => {
    const here = await t.student({ name: 'Kid There', username: 'kid.there' });
    const csv = [
      guardianHeader,
      row('withparent', '', 'Leila Karimi,+44 7700 900126,leila@family.example'),
      row('without', '', ',,'),
      `Kid There,${here.username},${here.username}@example.com,female,,,Not Added,+447700900127,`,
    ].join('\n');
    const started = await importCsv(csv);
    expect(started.statusCode, started.body).toBe(200);
    expect(await finished(started.json().job_id)).toMatchObject({ status: 'done', imported: 2 });
    const idOf = async (username: string) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    const guardiansOf = async (username: string) =>
      (await t.call('listGuardians', admin, { user_id: await idOf(username) })).json().guardians;
    expect(await guardiansOf('kid.withparent')).toEqual([
      {
        id: expect.any(Number),
        name: 'Leila Karimi',
        phone: '+447700900126',
        email: 'leila@family.example',
        created_at: expect.any(String),
      },
    ]);
    expect(await guardiansOf('kid.without')).toEqual([]);
    expect(await guardiansOf(here.username)).toEqual([]);
  });

  it('writes no student when their guardians cannot be written', async () => {
    const before = await countUsers();
    const rows = await checkStudents(
      t.database.db,
      parseStudentsCsv(
        [guardianHeader, row('rolled', '', 'Rolled Back,+447700900128,')].join('\n'),
      ),
    );
    const refuseGuardians: KyselyPlugin = {
      transformQuery: ({ node }: { node: RootOperationNode }) => {
        if (node.kind === 'InsertQueryNode' && JSON.stringify(node.into).includes('"guardians"'))
          throw new Error('the database refused the guardians');
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await expect(
      writeStudents(
        t.database.db.withPlugin(refuseGuardians),
        rows.map((r) => ({ row: r, password: 'x', hash: 'not-a-hash' })),
        { now: t.clock.now, today: '2026-01-01', timeZone: 'UTC' },
        async () => {},
      ),
    ).rejects.toThrow('the database refused the guardians');
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /api/import_users.php', () => {
  it('checks the whole file before hashing any password, and refuses it when nothing can be imported', async () => {
    hashed.mockClear();
    const jobsBefore = (await jobs()).length;
    const res = await importCsv(
      [header, 'Bad,bad1,not-an-email,male,', 'Worse,bad2,also-not,male,'].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Nothing to import. 0 of 2 students will be imported. 2 rows have problems (rows 2, 3) and will be skipped; fix them and import the file again to add them.',
    );
    expect(hashed).not.toHaveBeenCalled();
    expect(await jobs()).toHaveLength(jobsBefore);
  });

  it('imports as a job the screen follows; its credentials wait for the administrator, then go', async () => {
    const schoolClass = (await t.call('createClass', admin, { name: 'A2 Morning' })).json()
      .class_id;
    const already = await t.student({ name: 'Here Already', username: 'here.already' });
    const before = await countUsers();
    hashed.mockClear();
    const csv = [
      'First Name,Last Name,Email,Gender,Class,Password',
      ...Array.from(
        { length: 24 },
        (_, i) => `Job,Student${i + 1},job${i + 1}@school.example,${i % 2 ? 'F' : 'M'},A2 Morning,`,
      ),
      'Given,Pass,given@school.example,F,,given-password-1',
      `Here,Already,${already.username}@example.com,M,,`,
      'Bad,Row,bad-row,M,,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const { job_id: id, message } = res.json();
    expect(message).toBe('Importing 25 students...');
    const job = await finished(id);
    expect(job).toMatchObject({
      status: 'done',
      total: 25,
      done: 25,
      imported: 25,
      has_credentials: true,
      message:
        'Imported 25 students. 1 already has an account (row 27) and will be left as they are. 1 row has problems (row 28) and will be skipped; fix them and import the file again to add them.',
    });
    expect(await countUsers()).toBe(before + 25);
    // The passwords were hashed one at a time, in the background.
    expect(hashed).toHaveBeenCalledTimes(25);

    const credentials = await t.call('importCredentials', admin, { job_id: id });
    expect(credentials.statusCode, credentials.body).toBe(200);
    const body = credentials.json();
    expect(body.file_name).toBe('new-students-2026-11-22.csv');
    expect(body.sign_in_url).toBe('http://localhost:80/login');
    expect(body.students).toHaveLength(25);
    expect(body.students[0]).toEqual({
      name: 'Job Student1',
      class: 'A2 Morning',
      username: 'job.student1',
      password: expect.stringMatching(/^[A-Za-z2-9]{12}$/),
    });
    const lines = body.csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFname,class,username,password,sign-in address');
    expect(lines[1]).toBe(
      `Job Student1,A2 Morning,job.student1,${body.students[0]?.password},http://localhost:80/login`,
    );
    expect(lines[25]).toBe('Given Pass,,given.pass,given-password-1,http://localhost:80/login');
    const first = await login(
      'job.student1',
      present(body.students[0], 'the first student').password,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ role: 'user', name: 'Job Student1', gender: 'male' });
    const inClass = await t.database.db
      .selectFrom('class_students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', schoolClass)
      .executeTakeFirstOrThrow();
    expect(Number(inClass.n)).toBe(24);

    // Dismissed, the passwords are deleted; the job stays as a record.
    const dismissed = await t.call('dismissImport', admin, { job_id: id });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await jobs()).map((j) => j.id)).not.toContain(id);
    const gone = await t.call('importCredentials', admin, { job_id: id });
    expect(gone.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', credentials: null });
    // The audit log records the import without the file, whose cells may hold passwords.
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'importUsers')
      .executeTakeFirstOrThrow();
    expect(entry.details).toBe('{"csv":"[file]"}');

    // The same roster again: everyone is already here, nothing to import.
    const again = await importCsv(csv);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain(
      'Nothing to import. 0 of 27 students will be imported. 26 already have accounts',
    );
  });

  it('runs one import at a time', async () => {
    const first = await importCsv([header, ...goodRows('one', 20)].join('\n'));
    expect(first.statusCode, first.body).toBe(200);
    const second = await importCsv([header, ...goodRows('two', 2)].join('\n'));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Another import is running. Wait for it to finish, then import this file.',
    );
    await finished(first.json().job_id);
  });

  it('ends as interrupted, never running, when its server stops or dies mid-job', async () => {
    const own = await createTestApp();
    const head = await own.admin();
    // Hashed at the production cost here (the suite hashes at a test cost), so that the job is
    // still hashing its 60 students when its server stops, as a real import would be.
    hashed.mockImplementation((password) =>
      hash(password, { algorithm: 2, ...PRODUCTION_HASH_COST }),
    );
    try {
      const res = await own.call('importUsers', head.token, {
        csv: [header, ...goodRows('stop', 60)].join('\n'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().job_id;
      await closeApp(own.app);
      const row = await own.database.db
        .selectFrom('import_jobs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', message: INTERRUPTED, credentials: null });
      const written = await own.database.db
        .selectFrom('users')
        .select('id')
        .where('username', 'like', 'stop%')
        .execute();
      expect(written).toEqual([]);
    } finally {
      hashed.mockImplementation(hashedAtSuiteCost);
      await own.close();
    }

    // An instance that died leaves its job running: seen as interrupted once its heartbeat lapsed.
    const died = await t.database.db
      .insertInto('import_jobs')
      .values({
        created_by: admin.id,
        status: 'running',
        total: 10,
        done: 3,
        message: '10 of 10 students will be imported.',
        credentials: null,
        sign_in_url: 'http://localhost/login',
        runner: 'gone',
        created_at: t.clock.now - STALE_MS - 1,
        updated_at: t.clock.now - STALE_MS - 1,
        finished_at: null,
        dismissed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seen = (await jobs()).find((j) => j.id === died.id);
    expect(seen).toMatchObject({ status: 'failed', message: INTERRUPTED });
  });

  it('rolls every row back when the database refuses one part of the insert', async () => {
    const before = await countUsers();
    const rows = await checkStudents(
      t.database.db,
      parseStudentsCsv([header, ...goodRows('roll', 210)].join('\n')),
    );
    let inserts = 0;
    // The second INSERT (rows 201–210) fails as a database would; the first had succeeded.
    const failSecondInsert: KyselyPlugin = {
      transformQuery: ({ node }: { node: RootOperationNode }) => {
        if (node.kind === 'InsertQueryNode' && ++inserts === 2)
          throw new Error('the database refused this insert');
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await expect(
      writeStudents(
        t.database.db.withPlugin(failSecondInsert),
        rows.map((row) => ({ row, password: 'x', hash: 'not-a-hash' })),
        { now: t.clock.now, today: '2026-01-01', timeZone: 'UTC' },
        async () => {},
      ),
    ).rejects.toThrow('the database refused this insert');
    expect(inserts).toBe(2);
    expect(await countUsers()).toBe(before);
    const roll = await t.database.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, 'like', 'roll%')
      .execute();
    expect(roll).toEqual([]);
  });
});
