import { CERTIFICATE_CHECK_MAX_FAILURES } from '@academy/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFS_BUSY } from '../../pdf/pdfs.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { Gate, HELD } from '../../test-support/held-paper.js';
import { isWholePdf, pageCount, pdfText } from '../../test-support/pdf.js';
import { changesBetween, snapshotData } from '../../test-support/snapshot.js';
import { drawReportCards, REPORT_CARDS } from './paper-kinds.js';

/**
 * Report cards, certificates, the public check of a code, a class's level and the move of its
 * passing students (issue 30, points 5–6), on a real server and database.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Office' });
  await t.call('saveSettings', admin.token, {
    academy_name: 'Bright Academy',
    online_class_url: '',
  });
});
afterAll(() => t.close());

const ok = <T extends { statusCode: number; body: string }>(res: T): T => {
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res;
};

let classCount = 0;

/**
 * A class with a level, one typed component ('Exam', all the weight), its students scored as
 * given, and its results of a term published. Pass at 70 (the academy's default bands).
 */
async function publishedClass(scores: Record<string, string>, level = 'Elementary 2') {
  classCount += 1;
  const term =
    classCount === 1
      ? ok(
          await t.call('saveTerm', admin.token, {
            name: 'Autumn 2026',
            first_day: '2026-09-01',
            last_day: '2027-01-31',
          }),
        ).json().id
      : (await t.call('listTerms', admin.token, {})).json().terms[0]?.id;
  const classId = ok(
    await t.call('createClass', admin.token, { name: `Class ${classCount}` }),
  ).json().class_id;
  ok(await t.call('setClassLevel', admin.token, { class_id: classId, level, next_class_id: null }));
  const students: Record<string, TestUser> = {};
  for (const name of Object.keys(scores))
    students[name] = await t.student({
      name,
      username: `s${classCount}-${Object.keys(students).length}`,
    });
  const ids = Object.values(students).map((s) => s.id);
  ok(await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: ids }));
  ok(
    await t.call('saveResultScheme', admin.token, {
      class_id: classId,
      components: [{ name: 'Exam', weight: 100, source: 'typed', final: false }],
    }),
  );
  const key = (await t.call('getResultScheme', admin.token, { class_id: classId })).json()
    .components[0]?.key as string;
  await saveScores(classId, term as number, key, students, scores);
  ok(await t.call('publishResults', admin.token, { class_id: classId, term_id: term as number }));
  const results: Record<string, { id: number; code: string | null }> = {};
  for (const [name, student] of Object.entries(students)) {
    const [result] = (await t.call('getResults', student.token, { user_id: student.id })).json()
      .results;
    if (result) results[name] = { id: result.id, code: result.certificate_code };
  }
  return { classId, termId: term as number, key, students, results };
}

async function saveScores(
  classId: number,
  termId: number,
  key: string,
  students: Record<string, TestUser>,
  scores: Record<string, string>,
) {
  ok(
    await t.call('saveResultScores', admin.token, {
      class_id: classId,
      term_id: termId,
      scores: Object.entries(scores).map(([name, score]) => ({
        student_id: (students[name] as TestUser).id,
        component_key: key,
        score,
      })),
    }),
  );
}

/** A PDF call's refusal, which is JSON as every call's. */
const refusal = (res: { body: string }) => (JSON.parse(res.body) as { message: string }).message;

const bytesOf = (res: { rawPayload?: Buffer }) => res.rawPayload ?? Buffer.alloc(0);

describe('a report card', () => {
  // The file's first PDF starts a PDF thread (it loads the drawing code and the fonts, at nice
  // 10): on a machine whose two cores run the whole suite that can take longer than the
  // default 20 s. A guard against a hang, not a figure: speed is measured in bench/.
  it('is a one-page PDF of the student’s published result, named after them', {
    timeout: 60_000,
  }, async () => {
    const { results } = await publishedClass({ 'Ayşe Yılmaz': '90', 'Can Öztürk': '55' });
    const ayse = results['Ayşe Yılmaz'] as { id: number };
    const res = await t.call('getReportCard', admin.token, { result_id: ayse.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Report card - Ay_e Y_lmaz - Autumn 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Report card - Ayşe Yılmaz - Autumn 2026.pdf')}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = bytesOf(res);
    expect(isWholePdf(pdf)).toBe(true);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    if (text !== null) {
      for (const words of [
        'Bright Academy',
        'Report card',
        'Ayşe Yılmaz',
        'Class 1',
        'Elementary 2',
        'Autumn 2026',
        'September 1, 2026 – January 31, 2027',
        'Exam',
        '100 %',
        '90',
        'Pass',
        'Attendance rate',
        'No roll was taken',
        'Absences',
        'Published on November 22, 2026',
        'Certificate code:',
      ])
        expect(text).toContain(words);
      expect(text).not.toContain('Changed on');
    }
  });

  it('prints names in any script: Turkish, Arabic and Chinese', async () => {
    const names = ['Gülşen Ağaoğlu', 'محمد عبد الله', '王小明'];
    const { classId, termId } = await publishedClass(
      Object.fromEntries(names.map((n) => [n, '80'])),
    );
    const res = await t.call('getClassReportCards', admin.token, {
      class_id: classId,
      term_id: termId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = bytesOf(res);
    expect(pageCount(pdf)).toBe(3);
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain('Gülşen Ağaoğlu');
      expect(text).toContain('王小明');
      // Arabic is drawn right to left; a reader copies its words in reading order.
      for (const word of ['محمد', 'عبد', 'الله']) expect(text).toContain(word);
    }
  });

  it('says when a published result was changed', async () => {
    const { classId, termId, key, students, results } = await publishedClass({ 'Lena Park': '60' });
    t.clock.now += 3 * 86_400_000;
    await saveScores(classId, termId, key, students, { 'Lena Park': '75' });
    ok(await t.call('publishResults', admin.token, { class_id: classId, term_id: termId }));
    const lena = students['Lena Park'] as TestUser;
    const res = await t.call('getReportCard', lena.token, {
      result_id: (results['Lena Park'] as { id: number }).id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(bytesOf(res));
    if (text !== null) {
      expect(text).toContain('75');
      expect(text).toContain('Pass');
      expect(text).toContain('Changed on November');
    }
  });

  it('is the student’s own, a teacher’s of their classes, an administrator’s any', async () => {
    const { classId, students, results } = await publishedClass({
      'Ana Lopez': '80',
      'Ben Ode': '50',
    });
    const ana = students['Ana Lopez'] as TestUser;
    const ben = students['Ben Ode'] as TestUser;
    const anaResult = (results['Ana Lopez'] as { id: number }).id;
    const teacher = await t.teacher({ name: 'Their Teacher', classIds: [classId] });
    const other = await t.teacher({ name: 'Another Teacher' });

    expect((await t.call('getReportCard', ana.token, { result_id: anaResult })).statusCode).toBe(
      200,
    );
    expect(
      (await t.call('getReportCard', teacher.token, { result_id: anaResult })).statusCode,
    ).toBe(200);
    expect((await t.call('getReportCard', admin.token, { result_id: anaResult })).statusCode).toBe(
      200,
    );
    // Another student's is answered as one that does not exist.
    const bens = await t.call('getReportCard', ben.token, { result_id: anaResult });
    const none = await t.call('getReportCard', ben.token, { result_id: 999_999 });
    expect(bens.statusCode).toBe(404);
    expect(bens.body).toBe(none.body);
    expect(refusal(bens)).toBe('No such result.');
    const outside = await t.call('getReportCard', other.token, { result_id: anaResult });
    expect(outside.statusCode).toBe(403);
    expect(refusal(outside)).toBe('You can only do this for the students of your classes.');
    expect((await t.call('getReportCard', undefined, { result_id: anaResult })).statusCode).toBe(
      401,
    );
  });
});

describe('a certificate', () => {
  it('is a PDF for a pass with its code and the public page’s address; a fail has none', async () => {
    const { students, results } = await publishedClass({ 'Omar Haddad': '88', 'Zoe Kim': '40' });
    const omar = results['Omar Haddad'] as { id: number; code: string };
    expect(omar.code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    const res = await t.call('getCertificate', students['Omar Haddad'] as TestUser, {
      result_id: omar.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'Certificate - Omar Haddad - Autumn 2026.pdf',
    );
    const pdf = bytesOf(res);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    if (text !== null) {
      for (const words of [
        'Certificate',
        'This certifies that',
        'Omar Haddad',
        'has passed Elementary 2',
        'Result: Pass, 88',
        omar.code,
        `http://localhost:80/verify/${omar.code}`,
      ])
        expect(text).toContain(words);
    }
    const zoe = results['Zoe Kim'] as { id: number; code: string | null };
    expect(zoe.code).toBeNull();
    const refused = await t.call('getCertificate', admin.token, { result_id: zoe.id });
    expect(refused.statusCode).toBe(404);
    expect(refusal(refused)).toBe('This result has no certificate: only a pass has one.');
  });
});

describe('a class’s report cards', () => {
  it('are one PDF, a page a student, for staff of the class; none before publishing', async () => {
    const { classId, termId } = await publishedClass({
      'A One': '70',
      'B Two': '71',
      'C Three': '10',
    });
    const teacher = await t.teacher({ name: 'Class Teacher', classIds: [classId] });
    const res = await t.call('getClassReportCards', teacher.token, {
      class_id: classId,
      term_id: termId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('Report cards - Class');
    expect(pageCount(bytesOf(res))).toBe(3);
    const other = await t.teacher({ name: 'Not Theirs' });
    expect(
      (await t.call('getClassReportCards', other.token, { class_id: classId, term_id: termId }))
        .statusCode,
    ).toBe(403);

    const empty = ok(await t.call('createClass', admin.token, { name: 'Unpublished' })).json()
      .class_id;
    const none = await t.call('getClassReportCards', admin.token, {
      class_id: empty,
      term_id: termId,
    });
    expect(none.statusCode).toBe(404);
    expect(refusal(none)).toBe('No Autumn 2026 results of Unpublished are published yet.');
  });
});

describe('the public check of a code', () => {
  it('answers only who, where, which level, term and class, and how; an unknown code is not found', async () => {
    const { results } = await publishedClass({ 'Mei Chen': '95' }, 'B1');
    const code = (results['Mei Chen'] as { code: string }).code;
    const res = await t.call('verifyCertificate', undefined, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      certificate: {
        student_name: 'Mei Chen',
        academy_name: 'Bright Academy',
        level: 'B1',
        term_name: 'Autumn 2026',
        class_name: expect.stringMatching(/^Class \d+$/),
        outcome: 'pass',
      },
    });
    // As typed from paper: any case, spaces for dashes.
    const typed = await t.call('verifyCertificate', undefined, {
      code: code.toLowerCase().replaceAll('-', ' '),
    });
    expect(typed.json().certificate.student_name).toBe('Mei Chen');

    for (const made of ['ABCDE-FGHJK-LMNPQ-RSTUV', 'not a code', '']) {
      const unknown = await t.call('verifyCertificate', undefined, { code: made });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: 'No certificate has this code.' });
    }
  });

  it('refuses an address that tried too many unknown codes (429), real codes aside', async () => {
    const { results } = await publishedClass({ 'Real Holder': '90' });
    const code = (results['Real Holder'] as { code: string }).code;
    const from = (address: string, text: string) =>
      t.inject({
        method: 'GET',
        url: `/api/verify_certificate.php?code=${encodeURIComponent(text)}`,
        remoteAddress: address,
      });
    // Real codes give their try back: checking certificates is never slowed.
    for (let i = 0; i < CERTIFICATE_CHECK_MAX_FAILURES + 5; i++)
      expect((await from('203.0.113.7', code)).statusCode).toBe(200);
    for (let i = 0; i < CERTIFICATE_CHECK_MAX_FAILURES; i++)
      expect((await from('203.0.113.7', `GUESS-${i}`)).statusCode).toBe(404);
    const refused = await from('203.0.113.7', 'ONE-MORE');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many unknown codes were checked from your network. Please try again in 15 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Until the window ends, even a real code waits; another address is not held up.
    expect((await from('203.0.113.7', code)).statusCode).toBe(429);
    expect((await from('198.51.100.4', code)).statusCode).toBe(200);
    t.clock.now += 15 * 60_000 + 1;
    expect((await from('203.0.113.7', code)).statusCode).toBe(200);
  });
});

describe('a class’s level and the next level', () => {
  it('saves a level and the next level’s class, and refuses what cannot be', async () => {
    const a = ok(await t.call('createClass', admin.token, { name: 'Level A' })).json().class_id;
    const b = ok(await t.call('createClass', admin.token, { name: 'Level B' })).json().class_id;
    const saved = await t.call('setClassLevel', admin.token, {
      class_id: a,
      level: '  Elementary 2 ',
      next_class_id: b,
    });
    expect(saved.json()).toEqual({ success: true, message: 'The level of Level A is saved.' });
    expect((await t.call('getClassPromotion', admin.token, { class_id: a })).json()).toEqual({
      success: true,
      level: 'Elementary 2',
      next_class: { id: b, name: 'Level B', is_archived: false },
      term: null,
    });
    const itself = await t.call('setClassLevel', admin.token, {
      class_id: a,
      level: 'B1',
      next_class_id: a,
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe('The next level’s class must be another class.');
    const long = await t.call('setClassLevel', admin.token, {
      class_id: a,
      level: 'x'.repeat(41),
      next_class_id: null,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A level must be at most 40 characters.');
    const missing = await t.call('setClassLevel', admin.token, {
      class_id: a,
      level: 'B1',
      next_class_id: 999_999,
    });
    expect(missing.statusCode).toBe(404);
    // Cleared: no level, no next class.
    ok(await t.call('setClassLevel', admin.token, { class_id: a, level: '', next_class_id: null }));
    const cleared = (await t.call('getClassPromotion', admin.token, { class_id: a })).json();
    expect([cleared.level, cleared.next_class]).toEqual([null, null]);

    // A teacher sets their class's level, with a next class among their own classes.
    const teacher = await t.teacher({ name: 'Level Teacher', classIds: [a] });
    expect(
      (
        await t.call('setClassLevel', teacher.token, {
          class_id: a,
          level: 'A2',
          next_class_id: null,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.call('setClassLevel', teacher.token, { class_id: a, level: 'A2', next_class_id: b }))
        .statusCode,
    ).toBe(403);
  });

  it('moves the students who passed to the next level’s class, with its sessions to come', async () => {
    const { classId, termId, students } = await publishedClass({
      'Pass One': '90',
      'Pass Two': '75',
      'Cond Three': '66',
      'Fail Four': '20',
    });
    const next = ok(await t.call('createClass', admin.token, { name: 'Elementary 3' })).json()
      .class_id;
    ok(
      await t.call('saveClassSchedule', admin.token, {
        class_id: next,
        weekdays: ['Monday'],
        first_date: '2026-11-30',
        count: 3,
        time: '18:00',
      }),
    );
    ok(
      await t.call('saveClassSchedule', admin.token, {
        class_id: classId,
        weekdays: ['Tuesday'],
        first_date: '2026-12-01',
        count: 2,
        time: '17:00',
      }),
    );
    const noNext = await t.call('movePassingStudents', admin.token, {
      class_id: classId,
      term_id: termId,
    });
    expect(noNext.statusCode).toBe(400);
    expect(noNext.json().message).toMatch(
      /^Please choose the next level’s class of Class \d+ first\.$/,
    );

    ok(
      await t.call('setClassLevel', admin.token, {
        class_id: classId,
        level: 'Elementary 2',
        next_class_id: next,
      }),
    );
    const before = (
      await t.call('getClassPromotion', admin.token, { class_id: classId, term_id: termId })
    ).json();
    expect(before.term).toEqual({ published: true, passing: 2 });
    const teacher = await t.teacher({ name: 'Mover', classIds: [classId, next] });
    expect(
      (await t.call('movePassingStudents', teacher.token, { class_id: classId, term_id: termId }))
        .statusCode,
    ).toBe(403);

    const moved = await t.call('movePassingStudents', admin.token, {
      class_id: classId,
      term_id: termId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      success: true,
      message: expect.stringMatching(/^Moved 2 passing students from Class \d+ to Elementary 3\.$/),
      moved: 2,
    });
    const membersOf = async (id: number) =>
      (await t.call('getClassStudents', admin.token, { class_id: id }))
        .json()
        .students.map((s) => s.name);
    expect(await membersOf(next)).toEqual(['Pass One', 'Pass Two']);
    expect(await membersOf(classId)).toEqual(['Cond Three', 'Fail Four']);
    const sessionsOf = async (name: string, id: number) =>
      Number(
        (
          await t.database.db
            .selectFrom('schedule_sessions as s')
            .innerJoin('class_sessions as c', 'c.id', 's.class_session_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('s.user_id', '=', (students[name] as TestUser).id)
            .where('c.class_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await sessionsOf('Pass One', next)).toBe(3);
    expect(await sessionsOf('Pass One', classId)).toBe(0);
    expect(await sessionsOf('Fail Four', classId)).toBe(2);

    // Nobody who passed is left: a clear refusal, and the offer says none.
    const again = await t.call('movePassingStudents', admin.token, {
      class_id: classId,
      term_id: termId,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(
      /^No student who passed Autumn 2026 is left in Class \d+ to move\.$/,
    );
    expect(
      (
        await t.call('getClassPromotion', admin.token, { class_id: classId, term_id: termId })
      ).json().term,
    ).toEqual({ published: true, passing: 0 });
  });

  it('moves nobody and writes nothing when a rule refuses the move', async () => {
    const { classId, termId } = await publishedClass({ 'Held One': '95', 'Held Two': '30' });
    const next = ok(await t.call('createClass', admin.token, { name: 'Archived Next' })).json()
      .class_id;
    ok(
      await t.call('setClassLevel', admin.token, {
        class_id: classId,
        level: 'Elementary 2',
        next_class_id: next,
      }),
    );
    ok(await t.call('updateClass', admin.token, { class_id: next, archived: true }));
    const before = await snapshotData(t);
    const res = await t.call('movePassingStudents', admin.token, {
      class_id: classId,
      term_id: termId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Archived Next is archived. Bring it back before moving students into it.',
    );
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('moves the students once when two moves of a class come at once', async () => {
    const { classId, termId } = await publishedClass({ 'Twice One': '88', 'Twice Two': '91' });
    const next = ok(await t.call('createClass', admin.token, { name: 'Once Next' })).json()
      .class_id;
    ok(
      await t.call('setClassLevel', admin.token, {
        class_id: classId,
        level: 'Elementary 2',
        next_class_id: next,
      }),
    );
    const move = () =>
      t.call('movePassingStudents', admin.token, { class_id: classId, term_id: termId });
    const answers = await Promise.all([move(), move()]);
    // One moves both; the other reads, inside its own transaction, that nobody is left.
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answers.map((res) => res.json().moved ?? 0).sort()).toEqual([0, 2]);
    const members = (await t.call('getClassStudents', admin.token, { class_id: next })).json()
      .students;
    expect(members.map((s) => s.name)).toEqual(['Twice One', 'Twice Two']);
  });

  it('refuses a move before the results are published', async () => {
    const a = ok(await t.call('createClass', admin.token, { name: 'Draft Class' })).json().class_id;
    const b = ok(await t.call('createClass', admin.token, { name: 'Draft Next' })).json().class_id;
    ok(await t.call('setClassLevel', admin.token, { class_id: a, level: 'A1', next_class_id: b }));
    const term = (await t.call('listTerms', admin.token, {})).json().terms[0]?.id as number;
    const res = await t.call('movePassingStudents', admin.token, { class_id: a, term_id: term });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The Autumn 2026 results of Draft Class are not published yet.',
    );
    expect(
      (await t.call('getClassPromotion', admin.token, { class_id: a, term_id: term })).json().term,
    ).toEqual({ published: false, passing: 0 });
  });
});

describe('PDFs drawn on threads of their own (issue 48, point 2)', () => {
  const pdfs = () => t.app.deps.pdfs;
  const threads = () => t.config.PDF_THREADS;
  let holders = 0;
  /** A person of its own for each held PDF (ids no user has), so none is refused for being a third. */
  const holder = () => {
    holders += 1;
    return -holders;
  };

  /**
   * Holds every PDF thread with a paper that waits for the gate (test-support/held-paper.ts),
   * each asked by a person of its own: what is asked meanwhile waits, or is refused, in order.
   */
  async function holdThreads(gate: Gate) {
    const held = Array.from({ length: threads() }, () => pdfs().make(HELD, gate.input(), holder()));
    await gate.whenStarted(threads());
    return held;
  }

  it('refuses a person’s third PDF at once in words, while their two and another’s are made', async () => {
    const { students, results } = await publishedClass({ 'Nour Salem': '85', 'Ivo Petrov': '90' });
    const nour = students['Nour Salem'] as TestUser;
    const ivo = students['Ivo Petrov'] as TestUser;
    const nours = (results['Nour Salem'] as { id: number }).id;
    const ivos = (results['Ivo Petrov'] as { id: number }).id;
    const gate = new Gate();
    const held = await holdThreads(gate);

    const asked = [
      t.call('getReportCard', nour.token, { result_id: nours }),
      t.call('getCertificate', nour.token, { result_id: nours }),
      t.call('getReportCard', nour.token, { result_id: nours }),
    ];
    const others = t.call('getReportCard', ivo.token, { result_id: ivos });
    // Nothing can be drawn while the threads are held: the first answer is the refusal.
    const first = await Promise.race(asked.map((answer, i) => answer.then((res) => ({ i, res }))));
    expect(first.res.statusCode, first.res.body).toBe(429);
    expect(refusal(first.res)).toBe(
      'Many documents are being made right now. Try again in a minute.',
    );
    expect(first.res.headers['retry-after']).toBe('60');

    gate.open();
    await Promise.all(held);
    const made = await Promise.all([...asked.filter((_, i) => i !== first.i), others]);
    for (const res of made) {
      expect(res.statusCode, res.body).toBe(200);
      expect(isWholePdf(bytesOf(res))).toBe(true);
    }
  });

  it('refuses anyone once the PDFs waiting reach their bound', async () => {
    const { students, results } = await publishedClass({ 'Wait Less': '80' });
    const student = students['Wait Less'] as TestUser;
    const resultId = (results['Wait Less'] as { id: number }).id;
    const gate = new Gate();
    const held = await holdThreads(gate);
    const waiting = Array.from({ length: pdfs().limits.total - threads() }, () =>
      pdfs().make(HELD, gate.input(), holder()),
    );
    expect(pdfs().limits.inFlight).toBe(pdfs().limits.total);
    const refused = await t.call('getReportCard', student.token, { result_id: resultId });
    expect(refused.statusCode).toBe(429);
    expect(refusal(refused)).toBe(PDFS_BUSY);
    gate.open();
    await Promise.all([...held, ...waiting]);
    const made = await t.call('getReportCard', student.token, { result_id: resultId });
    expect(made.statusCode, made.body).toBe(200);
  });

  it('makes an unchanged report card once and serves it again; a changed result is drawn again', async () => {
    const { classId, termId, key, students, results } = await publishedClass({
      'Sara Lind': '72',
      'Tom Berg': '64',
    });
    const sara = students['Sara Lind'] as TestUser;
    const saras = (results['Sara Lind'] as { id: number }).id;
    const before = pdfs().drawings;
    const card = () => t.call('getReportCard', sara.token, { result_id: saras });
    const classCards = () =>
      t.call('getClassReportCards', admin.token, { class_id: classId, term_id: termId });

    const first = bytesOf(await card());
    const again = bytesOf(await card());
    const byAdmin = bytesOf(await t.call('getReportCard', admin.token, { result_id: saras }));
    expect(isWholePdf(first)).toBe(true);
    expect(again.equals(first)).toBe(true);
    expect(byAdmin.equals(first)).toBe(true);
    const cards = bytesOf(await classCards());
    expect(bytesOf(await classCards()).equals(cards)).toBe(true);
    expect(pdfs().drawings - before).toBe(2);

    // Published again with another score: Sara's card and the class's are new papers.
    t.clock.now += 86_400_000;
    await saveScores(classId, termId, key, students, { 'Sara Lind': '91' });
    ok(await t.call('publishResults', admin.token, { class_id: classId, term_id: termId }));
    const changed = bytesOf(await card());
    expect(changed.equals(first)).toBe(false);
    expect(bytesOf(await card()).equals(changed)).toBe(true);
    expect(bytesOf(await classCards()).equals(cards)).toBe(false);
    expect(pdfs().drawings - before).toBe(4);
    const text = pdfText(changed);
    if (text !== null) {
      expect(text).toContain('91');
      expect(text).toContain('Changed on');
    }
  });

  it('answers other calls while a PDF is drawn, and a PDF waits its turn', async () => {
    const { students, results } = await publishedClass({ 'Quick Answer': '77' });
    const student = students['Quick Answer'] as TestUser;
    const resultId = (results['Quick Answer'] as { id: number }).id;
    const gate = new Gate();
    const order: string[] = [];
    // Held as drawing holds a thread, synchronously: on the request thread, no call would be
    // answered until it let go (at most 15 s), and the PDF would come first.
    const held = (await holdThreads(gate)).map((pdf) => pdf.then(() => order.push('held')));
    const card = t.call('getReportCard', student.token, { result_id: resultId }).then((res) => {
      order.push('report card');
      return res;
    });
    const list = await t.call('getResults', student.token, { user_id: student.id });
    order.push('results');
    expect(list.statusCode).toBe(200);
    gate.open();
    await Promise.all(held);
    expect((await card).statusCode).toBe(200);
    expect(order).toEqual(['results', ...held.map(() => 'held'), 'report card']);
  });

  it('draws the same bytes on a PDF thread as on this one (but the moment it was made)', async () => {
    const input = {
      info: { title: 'Report card: محمد 王小明 Gülşen', author: 'Bright Academy' },
      cards: [
        {
          academy: 'Bright Academy',
          title: 'Report card',
          facts: [
            ['Student', 'محمد عبد الله 王小明 Gülşen Ağaoğlu'],
            ['Class', 'Evening B1'],
          ] as [string, string][],
          components: [{ name: 'Exam', weight: '100 %', score: '88' }],
          total: '88',
          outcome: 'Pass',
          outcomeNote: null,
          attendance: [['Absences', '2']] as [string, string][],
          published: 'Published on November 22, 2026',
          changed: null,
          certificate: null,
          failed: false,
          date: 'Date: November 22, 2026',
          signatures: [
            { name: 'Sara Teacher', role: 'Teacher’s signature' },
            { name: '', role: 'Director’s signature' },
          ],
          verifyUrl: null,
        },
      ],
      stamp: null,
    };
    const here = (await drawReportCards(input)).pdf;
    const there = await pdfs().make(REPORT_CARDS, input, admin.id);
    // pdfkit writes the moment a PDF is made, and an ID made from it.
    const timeless = (pdf: Uint8Array) =>
      Buffer.from(pdf)
        .toString('latin1')
        .replaceAll(/\(D:\d{14}Z\)/g, '(D:-)')
        .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID [-]');
    expect(there.byteLength).toBe(here.byteLength);
    expect(timeless(there)).toBe(timeless(here));
  });
});
