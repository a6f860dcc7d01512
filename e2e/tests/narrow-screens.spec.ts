import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Page,
  request,
  test,
} from '@playwright/test';
import { hrefs, paths } from '../../web/src/shared/paths.js';
import { admin, type SignedIn, samplePdf, samplePng, signIn } from '../support.js';

/**
 * Every screen of the app on a 320 px and a 390 px phone, after every text a user can type has
 * been given the worst thing a phone can get: one unbroken word as long as the field allows
 * (300 characters where it allows more). No screen, and no open state of one (an opened
 * assignment, a popup, a form with files chosen), may make the page scroll sideways.
 */

const HOUR = 3_600_000;

/**
 * One unbroken word of `length` characters, starting with `tag` so a failure says whose it is.
 * Tags avoid the words of the app's labels (Title, Name, Message...): other test files share
 * the database, and their getByLabel('Title') must not find an 'Edit …Title…' button.
 */
const word = (tag: string, length = 300) => `${tag}${'W'.repeat(Math.max(0, length - tag.length))}`;
const longUrl = (tag: string, length = 300) => `https://example.com/${word(tag, length - 20)}`;

interface Hostile {
  /** Marks this seeding's records (each worker seeds its own). */
  suffix: string;
  student: { id: number; name: string; username: string; password: string };
  studentLogin: SignedIn;
  adminLogin: SignedIn;
  /** The class with a long name, and the item sent to it (their own pages). */
  classId: number;
  sendingId: number;
  /** A session of that class a week ago, whose roll is due (its own page). */
  classSessionId: number;
  /** A teacher of that class with a name as long as allowed, and a session of it today. */
  teacherLogin: SignedIn;
  /** A past term with a name as long as allowed, whose results of that class are published. */
  termId: number;
  /** A question bank item with a long prompt, options and unit (issue 51). */
  bankItemId: number;
  /** A quiz of that item with a long title and tag, sent to the student (issue 51). */
  quizId: number;
  /** The student's submitted attempt at it, and the one going on. */
  quizClosedAttemptId: number;
  quizOpenAttemptId: number;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok(response: Promise<APIResponse>) {
  const res = await response;
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

const hostilePdf = (tag: string) => ({
  name: `${word(tag, 200)}.pdf`,
  mimeType: 'application/pdf',
  buffer: samplePdf(),
});

async function sendHostileNotification(
  api: APIRequestContext,
  adminToken: string,
  studentId: number,
  message: string,
) {
  await ok(
    api.post('/api/add_notification.php', {
      headers: bearer(adminToken),
      form: { user_id: String(studentId), message },
    }),
  );
}

async function sendHostileCorrection(
  api: APIRequestContext,
  adminToken: string,
  studentId: number,
) {
  await ok(
    api.post('/api/send_correction.php', {
      headers: bearer(adminToken),
      multipart: {
        user_id: String(studentId),
        title: word('CorHead', 200),
        description: word('CorBody'),
        file1: hostilePdf('CorDoc'),
      },
    }),
  );
}

/** Fills every kind of record a student and an admin see with hostile words, through the API. */
async function seedHostileContent(api: APIRequestContext): Promise<Hostile> {
  const adminLogin = await signIn(admin());
  const asAdmin = bearer(adminLogin.token);
  const suffix = randomBytes(3).toString('hex');
  const student = {
    name: word(`zzPupil${suffix}`, 100),
    username: word(`u${suffix}`, 50).toLowerCase(),
    password: 'hostile-password',
  };
  const email = `${word(`m${suffix}`, 60).toLowerCase()}@${'w'.repeat(60)}.${'w'.repeat(60)}.example.com`;
  await ok(
    api.post('/api/add-user.php', {
      headers: asAdmin,
      multipart: { ...student, email, role_id: '2', gender: 'female' },
    }),
  );
  const found = await (
    await ok(
      api.get(`/api/user_list.php?q=${encodeURIComponent(`m${suffix}`)}`, { headers: asAdmin }),
    )
  ).json();
  const id: number = found[0].id;
  const studentLogin = await signIn({ ...student });
  const asStudent = bearer(studentLogin.token);

  for (const message of [word('Msg'), `See ${longUrl('MsgLnk')} now`])
    await sendHostileNotification(api, adminLogin.token, id, message);
  await ok(
    api.post('/api/send_assignment.php', {
      headers: asAdmin,
      multipart: {
        user_id: String(id),
        title: word('AsgHead', 200),
        description: word('AsgBody'),
        file_links: JSON.stringify([
          { title: word('LnkHead', 200), url: longUrl('LnkAddr') },
          { title: 'short', url: longUrl('LnkAddrTwo') },
        ]),
      },
    }),
  );
  await ok(
    api.post('/api/upload_assignment.php', {
      headers: asStudent,
      multipart: {
        user_id: String(id),
        subject: word('SubHead', 200),
        description: word('SubBody'),
        'files[]': hostilePdf('SubDoc'),
      },
    }),
  );
  await sendHostileCorrection(api, adminLogin.token, id);
  await ok(
    api.post('/api/save_schedule.php', {
      headers: asAdmin,
      data: {
        user_id: id,
        // 1–10 become the archived Semester 1, 11 the current one.
        schedule: Array.from({ length: 11 }, (_, i) => ({
          session_number: i + 1,
          session_day: 'Wednesday',
          session_date: word('Dte', 50),
          session_time: word('Tme', 50),
          status: i < 10 ? 'Held' : 'Next Session',
        })),
      },
    }),
  );
  for (const tag of ['One', 'Two']) {
    await ok(
      api.post('/api/add_card.php', {
        headers: asStudent,
        data: { user_id: id, front_text: word(`CardA${tag}`), back_text: word(`CardB${tag}`) },
      }),
    );
  }
  const now = Date.now();
  let examId = 0;
  for (const kind of ['exam', 'reading', 'listening', 'story']) {
    const saved = await ok(
      api.post('/api/save_skill_item.php', {
        headers: asAdmin,
        multipart: {
          kind,
          title: word(`${kind}Head${suffix}`, 200),
          description: word(`${kind}Body`),
          access_start: new Date(now - HOUR).toISOString(),
          access_end: new Date(now + 24 * HOUR).toISOString(),
          link_url: longUrl(`${kind}Lnk`),
          // Only for this student: other tests' students keep their own first item.
          student_ids: JSON.stringify([id]),
        },
      }),
    );
    if (kind === 'exam') examId = (await saved.json()).id;
  }
  // Started, so the admin's list of who started it names the student.
  await ok(
    api.post('/api/update_attempted.php', {
      headers: asStudent,
      data: { user_id: id, exam_id: examId },
    }),
  );
  // Opens in a year: other tests' students never see it as the question open now.
  await ok(
    api.post('/api/save_speaking_question.php', {
      headers: asAdmin,
      data: {
        question_text: word('SpkAsk'),
        start_time: new Date(now + 365 * 24 * HOUR).toISOString(),
        end_time: new Date(now + 366 * 24 * HOUR).toISOString(),
      },
    }),
  );
  // A class with a name as long as allowed, holding the student, sent an item to many.
  const made = await (
    await ok(
      api.post('/api/create_class.php', {
        headers: asAdmin,
        data: { name: word(`ClsName${suffix}`, 100) },
      }),
    )
  ).json();
  await ok(
    api.post('/api/add_class_students.php', {
      headers: asAdmin,
      data: { class_id: made.class_id, user_ids: [id] },
    }),
  );
  await ok(
    api.post('/api/send_assignment.php', {
      headers: asAdmin,
      multipart: {
        class_id: String(made.class_id),
        title: word('SntHead', 200),
        description: word('SntBody'),
        file_links: JSON.stringify([{ title: word('SntLnk', 200), url: longUrl('SntUrl') }]),
      },
    }),
  );
  const sent = await (
    await ok(api.get('/api/get_sendings.php', { headers: asAdmin, params: { kind: 'assignment' } }))
  ).json();
  const sending = sent.sendings.find((s: { class_id: number }) => s.class_id === made.class_id);
  // A session a week ago in the class's timetable, with a note as long as allowed on its roll.
  await ok(
    api.post('/api/save_class_schedule.php', {
      headers: asAdmin,
      data: {
        class_id: made.class_id,
        weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        first_date: new Date(now - 7 * 24 * HOUR).toISOString().slice(0, 10),
        count: 1,
        time: word('RollTime', 50),
      },
    }),
  );
  const timetable = await (
    await ok(
      api.get('/api/get_class_sessions.php', {
        headers: asAdmin,
        params: { class_id: made.class_id, when: 'past' },
      }),
    )
  ).json();
  const classSessionId = timetable.sessions[0].id as number;
  await ok(
    api.post('/api/save_roll.php', {
      headers: asAdmin,
      data: {
        class_session_id: classSessionId,
        marks: [{ user_id: id, mark: 'late', note: word('RollNote', 200) }],
      },
    }),
  );
  // A teacher of the class (issue 29), with a session of it today on their home.
  const teacher = {
    name: word(`zzTutor${suffix}`, 100),
    username: word(`t${suffix}`, 50).toLowerCase(),
    password: 'hostile-password',
  };
  await ok(
    api.post('/api/add-user.php', {
      headers: asAdmin,
      multipart: { ...teacher, email: `t${suffix}@example.com`, role_id: '3', gender: 'male' },
    }),
  );
  const teachers = await (await ok(api.get('/api/get_teachers.php', { headers: asAdmin }))).json();
  await ok(
    api.post('/api/set_class_teachers.php', {
      headers: asAdmin,
      data: {
        class_id: made.class_id,
        teacher_ids: teachers.teachers
          .filter((t: { username: string }) => t.username === teacher.username)
          .map((t: { id: number }) => t.id),
      },
    }),
  );
  const { today } = await (
    await ok(api.get('/api/get_teaching_day.php', { headers: asAdmin }))
  ).json();
  await ok(
    api.post('/api/save_class_schedule.php', {
      headers: asAdmin,
      data: {
        class_id: made.class_id,
        weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        first_date: today,
        count: 1,
        time: word('TdyTime', 50),
      },
    }),
  );
  const teacherLogin = await signIn(teacher);
  const termId = await seedPublishedResults(api, asAdmin, suffix, made.class_id, id);
  const bankItem = await (
    await ok(
      api.post('/api/save_quiz_item.php', {
        headers: asAdmin,
        data: {
          level: 'B1',
          skill: 'grammar',
          unit: word(`QbUnit${suffix}`, 60),
          version: {
            prompt: word(`QbItm${suffix}`, 400),
            body: {
              type: 'choice',
              multiple: false,
              options: [
                { id: 'a', text: word('QbOptA', 500) },
                { id: 'b', text: word('QbOptB', 500) },
              ],
            },
            key: { type: 'choice', credit: { a: 100 } },
            points: 1,
          },
        },
      }),
    )
  ).json();
  // A quiz of that item, taken once (its review) and started again (an attempt going on).
  const quiz = await (
    await ok(
      api.post('/api/save_quiz.php', {
        headers: asAdmin,
        data: {
          title: word(`QzTitle${suffix}`, 200),
          tag: word('QzTag', 40),
          description: word('QzBody', 1000),
          access_start: new Date(Date.now() - 3_600_000).toISOString(),
          access_end: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
          attempts_allowed: 2,
          review: { right_answers: true, feedback: true },
          parts: [{ item_id: bankItem.id }],
        },
      }),
    )
  ).json();
  await ok(
    api.post('/api/send_quiz.php', { headers: asAdmin, data: { quiz_id: quiz.id, user_id: id } }),
  );
  const attempt = async () =>
    (
      await (
        await ok(
          api.post('/api/start_quiz_attempt.php', {
            headers: asStudent,
            data: { user_id: id, quiz_id: quiz.id },
          }),
        )
      ).json()
    ).attempt_id as number;
  const closed = await attempt();
  await ok(
    api.post('/api/save_quiz_answers.php', {
      headers: asStudent,
      data: {
        user_id: id,
        attempt_id: closed,
        answers: [{ position: 0, response: { type: 'choice', chosen: ['b'] } }],
      },
    }),
  );
  await ok(
    api.post('/api/submit_quiz_attempt.php', {
      headers: asStudent,
      data: { user_id: id, attempt_id: closed },
    }),
  );
  const open = await attempt();
  // Seen just now, for /online-users.
  await ok(
    api.post('/api/update_activity.php', {
      headers: asStudent,
      data: { token: studentLogin.token },
    }),
  );
  return {
    suffix,
    student: { ...student, id },
    studentLogin,
    adminLogin,
    classId: made.class_id,
    sendingId: sending.id,
    classSessionId,
    teacherLogin,
    termId,
    bankItemId: bankItem.id,
    quizId: quiz.id,
    quizClosedAttemptId: closed,
    quizOpenAttemptId: open,
  };
}

/**
 * A term of one day long ago (never the current one: the other test files' attendance counts
 * within the current term), named as long as allowed; the class marked on its own scheme of two
 * typed components named as long as allowed; the student's scores typed and published.
 */
async function seedPublishedResults(
  api: APIRequestContext,
  asAdmin: Record<string, string>,
  suffix: string,
  classId: number,
  studentId: number,
) {
  // A day of its own for this seeding (a retry seeds again): terms may not share a day.
  let termId = 0;
  for (let attempt = 0; termId === 0 && attempt < 5; attempt++) {
    const offset = (Number.parseInt(suffix, 16) + attempt * 7919) % 9000;
    const day = new Date(Date.UTC(1990, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const saved = await api.post('/api/save_term.php', {
      headers: asAdmin,
      data: { name: word(`TrmName${suffix}${attempt}`, 60), first_day: day, last_day: day },
    });
    if (saved.ok()) termId = (await saved.json()).id;
  }
  expect(termId, 'a term of its own').toBeGreaterThan(0);
  await ok(
    api.post('/api/save_result_scheme.php', {
      headers: asAdmin,
      data: {
        class_id: classId,
        components: [
          { name: word('CmpOne', 40), weight: 60, source: 'typed', final: false },
          { name: word('CmpTwo', 40), weight: 40, source: 'typed', final: true },
        ],
      },
    }),
  );
  const { components } = await (
    await ok(
      api.get('/api/get_result_scheme.php', { headers: asAdmin, params: { class_id: classId } }),
    )
  ).json();
  await ok(
    api.post('/api/save_result_scores.php', {
      headers: asAdmin,
      data: {
        class_id: classId,
        term_id: termId,
        scores: components.map((c: { key: string }, i: number) => ({
          student_id: studentId,
          component_key: c.key,
          score: i === 0 ? '88.75' : '100',
        })),
      },
    }),
  );
  await ok(
    api.post('/api/publish_results.php', {
      headers: asAdmin,
      data: { class_id: classId, term_id: termId },
    }),
  );
  return termId;
}

/**
 * Whether the page, or anything in it, scrolls sideways (a table in a frame that scrolls is
 * as bad on a phone as a page that does; a field scrolling its own text is not); when it does,
 * the elements that stick out, deepest first, so the failure names the culprit.
 */
async function sidewaysOverflow(page: Page, width: number) {
  return page.evaluate((viewport) => {
    const doc = document.documentElement;
    // A phone zooms out to show a page wider than itself, which widens innerWidth.
    const limit = Math.min(viewport, window.innerWidth);
    const describe = (el: Element) => {
      const first = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return `${el.tagName.toLowerCase()}${first ? `.${first}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`;
    };
    const culprits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (culprits.length >= 6) break;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        culprits.push(`${describe(el)} scrolls ${el.scrollWidth - el.clientWidth} px sideways`);
        continue;
      }
      if (doc.scrollWidth <= limit) continue;
      const hasText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (hasText && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        culprits.push(`${describe(el)}'s text runs ${el.scrollWidth - el.clientWidth} px out`);
        continue;
      }
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 0.5) continue;
      // Only the deepest: an element none of whose children stick out.
      const childSticksOut = [...el.children].some((c) => {
        const child = c.getBoundingClientRect();
        return child.width > 0 && child.right > limit + 0.5;
      });
      if (!childSticksOut) culprits.push(`${describe(el)} ends at ${Math.round(box.right)} px`);
    }
    return doc.scrollWidth <= limit && culprits.length === 0
      ? null
      : { scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth, culprits };
  }, width);
}

async function expectNoSidewaysScroll(page: Page, width: number, what: string) {
  const overflow = await sidewaysOverflow(page, width);
  expect.soft(overflow, `${what} at ${width} px scrolls sideways`).toBeNull();
}

/** Waits until the screen has drawn its heading and finished loading. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

interface Visit {
  path: string;
  /** The address to open where the path has a parameter (a student's page). */
  to?: (hostile: Hostile) => string;
  /** Hostile text the screen must show before it is measured (it has loaded). */
  shows?: string | RegExp;
  /** States of the screen reached from it (a popup, an opened record), each measured too. */
  states?: { name: string; act: (page: Page, hostile: Hostile) => Promise<void> }[];
  /**
   * Writes the screen's hostile record again just before the visit. An academy-wide list shows
   * its newest 50 first, and another file's test on another worker may send a page of its own
   * between this file's seeding and this walk (assignments.spec.ts sends 51 corrections).
   */
  fresh?: (api: APIRequestContext, hostile: Hostile) => Promise<void>;
}

/** The hostile word tagged `tag` (and perhaps a suffix), by its start. */
const startsWith = (tag: string) => new RegExp(`${tag}[0-9a-f]*W{20}`);

async function pickStudent(page: Page, hostile: Hostile, label = 'Student') {
  await page.getByLabel('Search students').fill(hostile.student.name.slice(0, 12));
  await page.getByLabel(label, { exact: true }).selectOption(String(hostile.student.id));
}

const studentVisits: Visit[] = [
  { path: '/user', shows: startsWith('zzPupil') },
  // Quizzes (issue 51): the list, an attempt going on, a review showing the right answers.
  { path: paths.myQuizzes, shows: startsWith('QzTitle') },
  {
    path: paths.quizTaking,
    to: (h) => hrefs.quizTaking(h.quizOpenAttemptId),
    shows: startsWith('QbOptA'),
  },
  {
    path: paths.quizReview,
    to: (h) => hrefs.quizReview(h.quizClosedAttemptId),
    shows: startsWith('QbOptB'),
  },
  // My payments (issue 52): the hostile student has no money on record, the empty state.
  { path: paths.myPayments, shows: 'Nothing to pay and nothing paid yet.' },
  // "I paid by card transfer" (issue 52, point 4): the form, or that payments are not set up.
  { path: paths.cardTransfer },
  {
    path: '/schedule',
    shows: startsWith('Dte'),
    states: [
      {
        name: 'archived',
        act: async (page) => {
          await page.getByRole('tab', { name: 'Archived' }).click();
          await expect(page.getByRole('heading', { name: 'Semester 1' })).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/download-assignment',
    shows: startsWith('AsgHead'),
    states: [
      {
        name: 'opened',
        act: async (page) => {
          await page.getByRole('button', { name: startsWith('AsgHead') }).click();
          await expect(page.getByText(startsWith('AsgBody'))).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/submit-assignment',
    states: [
      {
        name: 'files chosen',
        act: async (page) => {
          await page.getByLabel('Files', { exact: true }).setInputFiles([
            {
              name: `${word('PickedDoc', 200)}.pdf`,
              mimeType: 'application/pdf',
              buffer: samplePdf(),
            },
            {
              name: `${word('PickedDocTwo', 200)}.pdf`,
              mimeType: 'application/pdf',
              buffer: samplePdf(),
            },
          ]);
          await expect(page.getByText(startsWith('PickedDoc')).first()).toBeVisible();
        },
      },
    ],
  },
  { path: '/assignment-results', shows: startsWith('CorHead') },
  { path: '/notification', shows: startsWith('Msg') },
  { path: '/exam-page', shows: startsWith('examHead') },
  { path: '/game' },
  { path: '/skill-builder' },
  {
    path: '/speaking-screen',
    shows: startsWith('SpkAsk'),
    states: [
      {
        name: 'file chosen',
        act: async (page) => {
          // Other tests' questions may be open too: this one's card holds its form.
          const card = page.getByRole('region', { name: startsWith('SpkAsk') });
          await card.getByLabel('Your recorded answer').setInputFiles({
            name: `${word('VoiceClip', 200)}.wav`,
            mimeType: 'audio/wav',
            buffer: Buffer.from('RIFF0000WAVEfmt '),
          });
          await expect(page.getByText(startsWith('VoiceClip'))).toBeVisible();
        },
      },
    ],
  },
  { path: '/reading-page', shows: startsWith('readingHead') },
  { path: '/listening-page', shows: startsWith('listeningHead') },
  { path: '/story-page', shows: startsWith('storyHead') },
  { path: '/leitnerbox' },
  { path: '/addcard' },
  {
    path: '/cardlibrary',
    shows: startsWith('CardAOne'),
    states: [
      {
        name: 'editing',
        act: async (page) => {
          await page.getByRole('button', { name: /^Edit CardAOne/ }).click();
          await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
        },
      },
      {
        name: 'asking to delete',
        act: async (page) => {
          await page.getByRole('button', { name: 'Cancel' }).click();
          await page.getByRole('button', { name: /^Delete CardAOne/ }).click();
          await expect(page.getByRole('dialog', { name: 'Delete card' })).toBeVisible();
        },
      },
    ],
  },
  { path: '/flashcardbox', shows: /CardA(One|Two)W{20}/ },
  // The report card of a term, a class and components named as long as allowed.
  { path: paths.results, shows: startsWith('CmpTwo') },
  { path: '/change-password' },
  // Each person's channels beyond the app (issue 31).
  { path: paths.messageChoices, shows: 'Due-date reminders' },
];

/**
 * The class's result sheet of the long-named term: its student's card, a score typed that is
 * not one (its words beside the field), and (an administrator) the class's scheme being edited.
 */
const resultSheetVisits = (isAdmin: boolean): Visit[] => [
  {
    path: paths.resultSheet,
    to: (h) => hrefs.resultSheet(h.classId, h.termId),
    shows: startsWith('CmpTwo'),
    states: [
      {
        name: 'a score that is not one',
        act: async (page, hostile) => {
          const card = page.getByRole('group', { name: hostile.student.name });
          await card.getByLabel(startsWith('CmpOne')).fill(word('Sc', 20));
          await expect(card.getByText('A score must be a number from 0 to 100')).toBeVisible();
        },
      },
      ...(isAdmin
        ? [
            {
              name: "the class's scheme being edited",
              act: async (page: Page) => {
                await page.getByRole('button', { name: "Change this class's scheme" }).click();
                await page.getByRole('button', { name: 'Add a component' }).click();
                await expect(page.getByRole('group', { name: 'Component 3' })).toBeVisible();
              },
            },
          ]
        : []),
    ],
  },
];

const adminVisits: Visit[] = [
  // Today's classes name a class and a time as long as allowed.
  { path: '/admin', shows: startsWith('TdyTime') },
  { path: '/create-user' },
  // Without an import named: its message. The slips of a real import are measured on a 320 px
  // phone by users-manage.spec.ts, which imports a school's export to make them.
  { path: '/import-slips', shows: 'No import is named.' },
  {
    path: '/view-users',
    states: [
      {
        name: 'searched',
        act: async (page, hostile) => {
          await page.getByLabel('Search users').fill(hostile.student.username);
          // The search applied (its answer drawn), not the first page that also shows them: a
          // list reloading under the next step's tap lost it once on CI.
          await expect(page.getByRole('button', { name: /^Reset the password of / })).toHaveCount(
            1,
          );
          await expect(page.getByText(hostile.student.name).first()).toBeVisible();
        },
      },
      {
        name: 'resetting a password',
        act: async (page, hostile) => {
          await page
            .getByRole('button', { name: `Reset the password of ${hostile.student.name}` })
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
      {
        name: 'asking to deactivate',
        act: async (page, hostile) => {
          await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
          await page.getByRole('button', { name: `Deactivate ${hostile.student.name}` }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/send-schedule',
    states: [
      {
        name: 'a student picked',
        act: async (page, hostile) => {
          await pickStudent(page, hostile);
          // 11 of their own, and their class's a week ago and today.
          await expect(
            page.getByText('This student has 13 sessions, up to session 13.'),
          ).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/edit-student-schedule',
    states: [
      {
        name: 'a student picked',
        act: async (page, hostile) => {
          await pickStudent(page, hostile);
          await expect(page.getByLabel('Session 11 date')).toHaveValue(startsWith('Dte'));
        },
      },
    ],
  },
  {
    path: '/send-assignment',
    states: [
      {
        name: 'a student picked',
        act: async (page, hostile) => pickStudent(page, hostile, 'User'),
      },
    ],
  },
  {
    path: '/view-assignments',
    shows: startsWith('AsgHead'),
    states: [
      {
        name: 'asking to delete',
        act: async (page) => {
          await page
            .getByRole('button', { name: /^Delete AsgHead/ })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  { path: '/inbox', shows: startsWith('SubHead') },
  {
    path: '/students-correction',
    states: [
      {
        name: 'a student picked and a file chosen',
        act: async (page, hostile) => {
          await pickStudent(page, hostile, 'User');
          await page
            .getByLabel('Files (optional)', { exact: true })
            .setInputFiles(hostilePdf('CorPick'));
          await expect(page.getByText(startsWith('CorPick'))).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/sent',
    shows: startsWith('CorHead'),
    fresh: (api, h) => sendHostileCorrection(api, h.adminLogin.token, h.student.id),
    states: [
      {
        name: 'asking to delete',
        act: async (page) => {
          await page
            .getByRole('button', { name: /^Delete CorHead/ })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/send-notification',
    states: [
      {
        name: 'a student picked',
        act: async (page, hostile) => pickStudent(page, hostile, 'User'),
      },
    ],
  },
  {
    path: '/all-notifications',
    shows: startsWith('Msg'),
    fresh: (api, h) => sendHostileNotification(api, h.adminLogin.token, h.student.id, word('Msg')),
  },
  { path: '/online-users', shows: startsWith('zzPupil') },
  {
    path: '/studentleitnerbox',
    states: [
      {
        name: 'a student opened',
        act: async (page, hostile) => {
          await page.getByLabel('Search', { exact: true }).fill(hostile.student.name.slice(0, 12));
          // This run's student by their whole name: a hostile student seeded by an earlier
          // worker or try shares the prefix, and may be listed until the search applies.
          await page.getByRole('button', { name: hostile.student.name }).click();
          await expect(page.getByText(startsWith('CardAOne'))).toBeVisible();
        },
      },
    ],
  },
  ...(['exam', 'reading', 'listening', 'story'] as const).map(
    (kind): Visit => ({
      path: `/skill-content?tab=${kind}`,
      shows: startsWith(`${kind}Head`),
      states: [
        {
          name: 'editing',
          act: async (page) => {
            await page
              .getByRole('button', { name: new RegExp(`^Edit ${kind}Head`) })
              .first()
              .click();
            await page.getByLabel('Chosen students').check();
            await expect(page.getByLabel(startsWith('zzPupil'))).toBeChecked();
          },
        },
        ...(kind === 'exam'
          ? [
              {
                name: 'who started it',
                act: async (page: Page, hostile: Hostile) => {
                  await page.getByRole('button', { name: 'Cancel' }).click();
                  await page
                    .getByRole('listitem')
                    .filter({ hasText: new RegExp(`examHead${hostile.suffix}W{20}`) })
                    .getByRole('button', { name: 'Started by 1' })
                    .click();
                  await expect(page.getByText(`${hostile.student.name}:`)).toBeVisible();
                },
              },
            ]
          : []),
      ],
    }),
  ),
  { path: '/skill-content?tab=speaking', shows: startsWith('SpkAsk') },
  // The newest changes first: on the shared server other specs' writes (every payment and
  // charge is audited) may push the hostile world's off the first page, so the walk waits for
  // the list itself; the hostile user's entry is there whenever it is on the page.
  { path: '/audit-log', shows: /^Audit Log$/ },
  // The absence warnings: the rules' line, whoever is listed (another test's roll may have
  // listed a student, and then named the term).
  { path: '/attendance-warnings', shows: /^Students (with|at the limit)|no one is listed/ },
  {
    path: '/classes',
    shows: startsWith('ClsName'),
    states: [
      {
        name: 'a class opened',
        act: async (page, hostile) => {
          await page
            .getByRole('button', { name: new RegExp(`^Open ClsName${hostile.suffix}`) })
            .click();
          await expect(
            page
              .getByRole('group', { name: 'Students of this class' })
              .getByRole('checkbox', { name: startsWith('zzPupil') }),
          ).toBeVisible();
        },
      },
    ],
  },
  {
    path: '/sent-items',
    shows: startsWith('SntHead'),
    states: [
      {
        name: 'an item opened and edited',
        act: async (page) => {
          await page
            .getByRole('button', { name: /^Open SntHead/ })
            .first()
            .click();
          await expect(page.getByText(startsWith('zzPupil'))).toBeVisible();
          await page.getByRole('button', { name: 'Edit' }).click();
          await expect(page.getByLabel('Link 1 URL')).toHaveValue(/SntUrl/);
        },
      },
    ],
  },
  // The class's Teachers name a teacher as long as allowed.
  { path: paths.classPage, to: (h) => hrefs.classPage(h.classId), shows: startsWith('zzTutor') },
  { path: paths.sentItem, to: (h) => hrefs.sentItem(h.sendingId), shows: startsWith('SntHead') },
  { path: paths.roll, to: (h) => hrefs.roll(h.classSessionId), shows: startsWith('RollTime') },
  {
    path: paths.studentPage,
    to: (h) => hrefs.studentPage(h.student.id),
    shows: startsWith('zzPupil'),
  },
  { path: paths.resultSheets },
  ...resultSheetVisits(true),
  // Quizzes (issue 51): the list, the builder, each student's attempts, one attempt, analysis.
  { path: paths.quizzes, shows: startsWith('QzTitle') },
  { path: paths.newQuiz },
  { path: paths.quiz, to: (h) => hrefs.quiz(h.quizId), shows: startsWith('QbItm') },
  {
    path: paths.quizAttempts,
    to: (h) => hrefs.quizAttempts(h.quizId),
    shows: startsWith('zzPupil'),
  },
  {
    path: paths.quizAttempt,
    to: (h) => hrefs.quizAttempt(h.quizClosedAttemptId, h.student.id),
    shows: startsWith('QbOptB'),
  },
  { path: paths.quizAnalysis, to: (h) => hrefs.quizAnalysis(h.quizId), shows: startsWith('QbItm') },
  { path: '/change-password' },
  { path: paths.messageChoices, shows: 'Published results' },
  // What went by push, e-mail and SMS (issue 31).
  { path: paths.outbox },
  // Who owes (issue 52, point 5): the filters, the totals, the list or its empty state.
  { path: paths.debtors },
  // The academy's money rules (issue 52, point 2): the form with its hints.
  { path: paths.moneyRules },
  // The fee plan, the desk, a payer's statement and card transfers to check (issue 52).
  { path: paths.feePlan, to: (h) => hrefs.feePlan(h.classId) },
  { path: paths.payments, shows: 'Type a student’s name or username' },
  {
    path: paths.payerStatement,
    to: (h) => hrefs.payerStatement(h.student.id),
    shows: startsWith('zzPupil'),
  },
  { path: paths.cardTransfers },
  // The money reports (issue 52, point 8): income's table, the terms, the receipt check.
  { path: paths.moneyReports },
  // Teachers' pay (issue 52, point 7): the month's list, the long-named teacher among them.
  { path: paths.teacherPay, shows: startsWith('zzTutor') },
  {
    path: '/settings',
    states: [
      {
        // Typed and chosen, never saved: the academy's settings are every test file's.
        name: 'long name and links typed, a logo with a long name chosen',
        act: async (page) => {
          const academy = page.getByRole('region', { name: 'Academy' });
          await academy.getByLabel('Academy name').fill(word('Acad', 100));
          await academy.getByLabel('Online class link').fill(longUrl('Meet'));
          await academy.getByLabel('Website link').fill(longUrl('Site'));
          await page
            .getByRole('region', { name: 'Logo' })
            .getByLabel('New logo')
            .setInputFiles({
              name: `${word('LogoFile', 200)}.png`,
              mimeType: 'image/png',
              buffer: samplePng,
            });
          await expect(page.getByRole('img', { name: 'The chosen logo' })).toBeVisible();
        },
      },
      {
        name: "the academy's result scheme with a component named as long as allowed",
        act: async (page) => {
          const results = page.getByRole('region', { name: 'Results' });
          await results
            .getByRole('group', { name: 'Component 1' })
            .getByLabel('Name')
            .fill(word('SchName', 40));
          await results.getByRole('button', { name: 'Add a component' }).click();
          await expect(results.getByRole('group', { name: 'Component 5' })).toBeVisible();
        },
      },
    ],
  },
];

/** A teacher's own home, and the staff screens that differ for them (issue 29). */
const teacherVisits: Visit[] = [
  { path: '/teacher', shows: startsWith('TdyTime') },
  // Their own pay (issue 52, point 7): today's session, its roll not taken yet, its long time.
  { path: paths.myPay, shows: startsWith('TdyTime') },
  // The question bank (issue 51): the academy's, so a teacher's too.
  { path: paths.questionBank },
  {
    path: paths.questionItem,
    to: (h) => hrefs.questionItem(h.bankItemId),
    // Its long prompt and options are in the form's fields (values, not text): the versions'
    // list shows the item has loaded.
    shows: /Version 1 \(current\)/,
  },
  { path: paths.newQuestionItem },
  { path: paths.questionImport },
  { path: paths.questionPassages },
  // The quiz sent to their class's student is theirs to read.
  { path: paths.quizzes, shows: startsWith('QzTitle') },
  {
    path: paths.classPage,
    to: (h) => hrefs.classPage(h.classId),
    shows: startsWith('zzPupil'),
  },
  {
    path: paths.studentPage,
    to: (h) => hrefs.studentPage(h.student.id),
    shows: startsWith('zzPupil'),
  },
  // The academy's question for everyone is on a teacher's speaking screen too.
  { path: paths.speakingAnswers, shows: startsWith('SpkAsk') },
  // The academy-wide lists, narrowed to the teacher's students: the hostile student is one.
  { path: paths.viewAssignments, shows: startsWith('AsgHead') },
  { path: paths.sent, shows: startsWith('CorHead') },
  { path: paths.allNotifications, shows: startsWith('Msg') },
  { path: paths.studentLeitnerBox, shows: startsWith('zzPupil') },
  // What the teacher sent: nothing yet (the administrator's sent items are not theirs).
  { path: paths.sentItems, shows: 'No assignment sent to many yet.' },
  { path: paths.sendSchedule },
  { path: paths.editStudentSchedule },
  // Exams and Skill Builder, to mark their students' attempts (issue 30).
  { path: '/skill-content?tab=exam' },
  { path: paths.resultSheets },
  ...resultSheetVisits(false),
  { path: paths.messageChoices, shows: 'Absence warnings' },
];

const publicVisits: Visit[] = [
  { path: '/login' },
  { path: '/loading' },
  { path: '/' },
  // Anyone's check of a certificate (issue 30): the form, and a code no certificate has.
  { path: paths.verify },
  {
    path: paths.verifyCertificate,
    to: () => hrefs.verifyCertificate('ABCDE-FGHJK-LMNPQ-RSTUV'),
    shows: 'No certificate has this code.',
  },
  // "Forgot password?" (issue 31): the form, and a link no e-mail carried.
  { path: paths.forgotPassword },
  {
    path: paths.resetPassword,
    to: () => hrefs.resetPassword('A'.repeat(43)),
    shows: 'This link is not one we sent',
  },
];

test('the walk covers every route of the app', () => {
  const walked = new Set(
    [...studentVisits, ...adminVisits, ...teacherVisits, ...publicVisits].map(
      (v) => v.path.split('?')[0],
    ),
  );
  expect(Object.values(paths).filter((path) => !walked.has(path))).toEqual([]);
});

let hostile: Hostile;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  hostile = await seedHostileContent(api);
  await api.dispose();
});

test.afterAll(async () => {
  // The hostile student leaves the pickers' first 100 students to the other tests.
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await api.post('/api/set_user_active.php', {
    headers: bearer(hostile.adminLogin.token),
    data: { user_id: hostile.student.id, active: 0 },
  });
  await api.dispose();
});

async function walk(
  page: Page,
  width: number,
  visits: Visit[],
  options: { mockSpeaking?: boolean } = {},
) {
  if (options.mockSpeaking) {
    // The open question is global: this student's is faked rather than opened for everyone.
    await page.route('**/api/get_open_speaking_questions.php*', (route) =>
      route.fulfill({
        json: {
          success: true,
          questions: [
            {
              id: 999_999,
              question_text: word('SpkAsk'),
              start_time: '2026-01-01 00:00:00',
              end_time: '2099-01-01 00:00:00',
              answer_seconds: 120,
              answered: false,
            },
          ],
        },
      }),
    );
    await page.route('**/api/get_speaking_question_status.php*', (route) =>
      route.fulfill({ json: { success: true, status: 'not_answered', message: '' } }),
    );
  }
  for (const visit of visits) {
    await test.step(visit.path, async () => {
      // A screen that fails to show what it should is reported, and the walk goes on.
      const attempt = async (what: string, act: () => Promise<void>) => {
        const failure = await act().then(
          () => null,
          (error: Error) => error.message.split('\n')[0],
        );
        expect.soft(failure, `${what} at ${width} px`).toBeNull();
        return failure === null;
      };
      const shown = await attempt(visit.path, async () => {
        await visit.fresh?.(page.request, hostile);
        await page.goto(visit.to ? visit.to(hostile) : visit.path);
        await settled(page);
        if (visit.shows) await expect(page.getByText(visit.shows).first()).toBeVisible();
      });
      if (!shown) return;
      await expectNoSidewaysScroll(page, width, visit.path);
      for (const state of visit.states ?? []) {
        const what = `${visit.path} (${state.name})`;
        if (!(await attempt(what, () => state.act(page, hostile)))) return;
        await expectNoSidewaysScroll(page, width, what);
      }
    });
  }
}

for (const width of [320, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 740 } });

    test(`every student screen, with hostile content`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        storageState: hostile.studentLogin.state,
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // The home popup shows the unread hostile notifications: measured first, then closed.
      await page.goto('/user');
      const popup = page.getByRole('dialog', { name: 'Message for You' });
      await expect(popup).toBeVisible();
      await expectNoSidewaysScroll(page, width, '/user (Message for You)');
      await walk(page, width, studentVisits, { mockSpeaking: true });
      await context.close();
    });

    test(`every admin screen, with hostile content`, async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({
        storageState: hostile.adminLogin.state,
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await walk(page, width, adminVisits);
      await context.close();
    });

    test(`every teacher screen, with hostile content`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        storageState: hostile.teacherLogin.state,
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await walk(page, width, teacherVisits);
      await context.close();
    });

    test(`the screens before logging in`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      for (const visit of publicVisits) {
        await page.goto(visit.to?.(hostile) ?? visit.path);
        await expect(page.locator('body')).not.toBeEmpty();
        if (visit.shows) await expect(page.getByText(visit.shows).first()).toBeVisible();
        await expectNoSidewaysScroll(page, width, visit.path);
      }
      await context.close();
    });
  });
}
