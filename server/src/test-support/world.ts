import { issuePasswordLink } from '../features/email/password-links.js';
import { unsubscribeToken } from '../features/email/unsubscribe-token.js';
import { bearer, createTestApp, type TestApp, type TestUser } from './harness.js';
import type { KeptAcademy } from './kept-academy.js';
import { type QuizBankIds, type QuizWorldIds, quizBankWorld, quizWorld } from './quiz-world.js';
import { samples } from './samples.js';
import { type TuitionWorldIds, tuitionWorld } from './tuition-world.js';

/**
 * A small academy for whole-API tests: an admin, students A and B, and one of everything that
 * belongs to A (a notification, an assignment, a correction, a card, a schedule session, a
 * submission), a notification, an assignment and a card of B's, plus an exam, reading,
 * listening, story and speaking question open now, a story A has started, and a speaking
 * question A has answered and the admin has replied to.
 */
export interface World {
  t: TestApp;
  admin: TestUser;
  a: TestUser;
  b: TestUser;
  /**
   * Teachers (issue 29): of A's class; of B's class (Other Class); taken off A's class after
   * sending it work and a question (issue 48); deactivated.
   */
  teacher: TestUser;
  otherTeacher: TestUser;
  formerTeacher: TestUser;
  deactivatedTeacher: TestUser;
  /** Texts only A's things carry: none may appear in an answer to B. */
  markersOfA: string[];
  /** Texts only B and B's class carry: none may appear in an answer to A's teacher. */
  markersOfB: string[];
  ids: {
    notification: number;
    assignment: number;
    correction: number;
    /** A's submission, which answers A's assignment. */
    submission: number;
    card: number;
    exam: number;
    reading: number;
    listening: number;
    story: number;
    /** A story for everyone that A has started, so has an attempt to mark (issue 30). */
    startedItem: number;
    question: number;
    /** A speaking question A's teacher asked A's class. */
    teachersQuestion: number;
    /** A class with A in it, and an assignment sent to it (one sending). */
    schoolClass: number;
    /** A session of the class's timetable, which A holds. */
    classSession: number;
    /** The class's assignment, which A's teacher sent (their sending). */
    sending: number;
    /** The class's assignment and question of the teacher taken off it, sent before (issue 48). */
    formerSending: number;
    formerQuestion: number;
    /** A's answer to the question, which the admin has replied to by text and voice. */
    answer: number;
    /** Two finished students' imports with their passwords kept: one to read, one to dismiss. */
    importJob: number;
    importJobToDismiss: number;
    /** One of the academy's terms (issue 30), holding the clock's today. */
    term: number;
    /** A's published result of the term in A's class: a pass (issue 30). */
    result: number;
    /** The class of the level after A's class's: empty. */
    nextClass: number;
    /** A message to A that failed by e-mail (issue 31): what the outbox's administrator sees. */
    failedMessage: number;
    /** A's guardian, with a phone and an e-mail (issue 31, point 4). */
    guardian: number;
  } & QuizBankIds &
    QuizWorldIds &
    TuitionWorldIds;
  /** The certificate code of A's pass: public, so it lives outside `ids`. */
  certificateCode: string;
  /** A "Forgot password?" link's token of A's (issue 31), as its e-mail carries it. */
  passwordLink: string;
  /** A one-click unsubscribe token of A's (issue 49), as an e-mail's List-Unsubscribe carries it. */
  unsubscribeToken: string;
}

const HOUR = 3_600_000;

/**
 * The world built once on an app of its own and kept (kept-academy.ts): each case of the
 * access and live matrices starts an app on a copy, `createTestApp({ from: kept })`, and
 * gives the world that app, `{ ...world, t }`.
 */
export async function keepWorld(): Promise<{ kept: KeptAcademy; world: World }> {
  const t = await createTestApp();
  const world = await buildWorld(t);
  return { kept: await t.keep(), world };
}

export async function buildWorld(t: TestApp): Promise<World> {
  /** A's failed e-mail, written as the sender leaves one (the world sets no SMTP server up). */
  const failedMessage = async () => {
    const row = await t.database.db
      .insertInto('outbox')
      .values({
        user_id: a.id,
        guardian_id: null,
        channel: 'email',
        kind: 'announcement',
        text: 'For A, by e-mail',
        path: '/notification',
        state: 'failed',
        attempts: 6,
        send_after: t.clock.now,
        created_at: t.clock.now,
        error: 'The SMTP server refused it.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const admin = await t.admin({ name: 'World Admin' });
  const a = await t.student({ name: 'Student A' });
  const b = await t.student({ name: 'Student B' });
  const asAdmin = bearer(admin.token);
  const iso = (ms: number) => new Date(ms).toISOString();
  const ok = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`world setup failed: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body);
  };

  /** A notification and an assignment from the admin to one student. */
  const sendTo = async (to: TestUser, message: string, title: string, description: string) => {
    await ok(await t.call('addNotification', admin.token, { user_id: String(to.id), message }));
    await ok(
      await t.call('sendAssignment', admin.token, {
        user_id: String(to.id),
        title,
        description,
        file_links: '[]',
      }),
    );
  };
  /** A card the student adds to their own box. */
  const cardOf = async (owner: TestUser, front: string, back: string) =>
    ok(
      await t.call('addCard', owner.token, {
        user_id: owner.id,
        front_text: front,
        back_text: back,
      }),
    );

  await sendTo(a, 'For A', 'A task', 'Due soon');
  await ok(
    await t.call('sendCorrection', admin.token, {
      user_id: String(a.id),
      title: 'A result',
      file1: { filename: 'r.pdf', content: samples.pdf },
    }),
  );
  const card = await cardOf(a, 'A-card-front', 'A-card-back');
  await ok(
    await t.inject({
      method: 'POST',
      url: '/api/save_schedule.php',
      headers: asAdmin,
      payload: {
        user_id: a.id,
        schedule: [
          { session_number: 1, session_day: 'Monday', session_time: 'A-slot', status: 'Held' },
        ],
      },
    }),
  );
  const assignments = await ok(await t.call('getUserAssignments', a.token, { user_id: a.id }));
  await ok(
    await t.call('uploadAssignment', a.token, {
      user_id: String(a.id),
      subject: 'My work',
      assignment_id: String(assignments.assignments[0].id),
      'files[]': [{ filename: 'w.pdf', content: samples.pdf }],
    }),
  );
  const inbox = await ok(
    await t.inject({ method: 'GET', url: '/api/send_to_inbox.php', headers: asAdmin }),
  );
  const item = async (kind: string) =>
    (
      await ok(
        await t.callUnchecked('saveSkillItem', admin.token, {
          kind,
          title: `A ${kind}`,
          access_start: iso(t.clock.now - HOUR),
          access_end: iso(t.clock.now + HOUR),
          link_url: `https://files.example.com/${kind}.pdf`,
        }),
      )
    ).id as number;
  const startedItem = await item('story');
  await ok(await t.call('updateStoryAttempted', a.token, { user_id: a.id, item_id: startedItem }));
  const question = await ok(
    await t.inject({
      method: 'POST',
      url: '/api/save_speaking_question.php',
      headers: asAdmin,
      payload: {
        question_text: 'Speak',
        start_time: iso(t.clock.now - HOUR),
        end_time: iso(t.clock.now + HOUR),
      },
    }),
  );

  // A has answered an earlier question (the open one stays unanswered for the calls to try).
  const answered = await ok(
    await t.inject({
      method: 'POST',
      url: '/api/save_speaking_question.php',
      headers: asAdmin,
      payload: {
        question_text: 'Spoke',
        start_time: iso(t.clock.now - HOUR),
        end_time: iso(t.clock.now + HOUR),
      },
    }),
  );
  await ok(
    await t.call('sendSpeakingAnswer', a.token, {
      user_id: String(a.id),
      question_id: String(answered.id),
      audio_file: { filename: 'a.wav', content: samples.wav },
    }),
  );
  const answers = await ok(
    await t.inject({
      method: 'GET',
      url: `/api/speaking_answers.php?question_id=${answered.id}`,
      headers: asAdmin,
    }),
  );
  const answer = answers.answers[0].id as number;
  await ok(
    await t.call('replySpeakingAnswer', admin.token, {
      answer_id: String(answer),
      reply_text: 'A-reply',
      reply_audio: { filename: 'r.wav', content: samples.wav },
    }),
  );

  const schoolClass = (
    await ok(
      await t.inject({
        method: 'POST',
        url: '/api/create_class.php',
        headers: asAdmin,
        payload: { name: 'World Class' },
      }),
    )
  ).class_id as number;
  // B's class, with its own teacher; A's class's teachers, one taken off it again, one whose
  // account is then deactivated.
  const otherClass = (await ok(await t.call('createClass', admin.token, { name: 'Other Class' })))
    .class_id as number;
  await ok(
    await t.call('addClassStudents', admin.token, { class_id: otherClass, user_ids: [b.id] }),
  );
  // B's own things, which no list A's teacher reads may show.
  await sendTo(b, 'Note for B', 'B homework', 'For B alone');
  await cardOf(b, 'B-card-front', 'B-card-back');
  const teacher = await t.teacher({ name: 'World Teacher' });
  const otherTeacher = await t.teacher({ name: 'Other Teacher' });
  const formerTeacher = await t.teacher({ name: 'Former Teacher' });
  const deactivatedTeacher = await t.teacher({ name: 'Deactivated Teacher' });
  await ok(
    await t.call('setClassTeachers', admin.token, {
      class_id: otherClass,
      teacher_ids: [otherTeacher.id],
    }),
  );
  const teachersOfA = [teacher.id, formerTeacher.id, deactivatedTeacher.id];
  await ok(
    await t.call('setClassTeachers', admin.token, {
      class_id: schoolClass,
      teacher_ids: teachersOfA,
    }),
  );
  await ok(
    await t.inject({
      method: 'POST',
      url: '/api/add_class_students.php',
      headers: asAdmin,
      payload: { class_id: schoolClass, user_ids: [a.id] },
    }),
  );
  // The former teacher sends the class work and asks it a question, then is taken off it
  // (issue 48, point 3): what they sent is no longer theirs to read or change.
  await ok(
    await t.call('sendAssignment', formerTeacher.token, {
      class_id: String(schoolClass),
      title: 'Former-teacher task',
      description: 'Former-teacher words',
      file_links: '[]',
    }),
  );
  const formerQuestion = (
    await ok(
      await t.call('saveSpeakingQuestion', formerTeacher.token, {
        question_text: 'Former-teacher question',
        start_time: iso(t.clock.now - HOUR),
        end_time: iso(t.clock.now + HOUR),
        class_id: String(schoolClass),
      }),
    )
  ).id as number;
  await ok(
    await t.call('setClassTeachers', admin.token, {
      class_id: schoolClass,
      teacher_ids: [teacher.id, deactivatedTeacher.id],
    }),
  );
  await ok(
    await t.call('setUserActive', admin.token, { user_id: deactivatedTeacher.id, active: 0 }),
  );
  // Sent by A's teacher: the sending is theirs (a teacher's sent items, issue 29).
  await ok(
    await t.call('sendAssignment', teacher.token, {
      class_id: String(schoolClass),
      title: 'A class task',
      description: 'For the class',
      file_links: '[]',
    }),
  );
  await ok(
    await t.call('saveClassSchedule', admin.token, {
      class_id: schoolClass,
      weekdays: ['Tuesday'],
      first_date: '2026-11-03',
      count: 1,
      time: '17:00',
    }),
  );
  const term = (
    await ok(
      await t.call('saveTerm', admin.token, {
        name: 'World Term',
        first_day: new Date(t.clock.now - 30 * 24 * HOUR).toISOString().slice(0, 10),
        last_day: new Date(t.clock.now + 30 * 24 * HOUR).toISOString().slice(0, 10),
      }),
    )
  ).id;
  // The administrator confirms the academy's time zone, as the first sign-in asks: the
  // academy's address is then the one they use (issue 48: a certificate's link leads there).
  await ok(await t.call('saveSettings', admin.token, { time_zone: 'UTC' }));
  // A's class is marked on one typed exam (the academy's midterm, renamed) and A has a score,
  // so its results can be published; B's class keeps the academy's scheme.
  await ok(
    await t.call('saveResultScheme', admin.token, {
      class_id: schoolClass,
      components: [{ key: 'k2', name: 'Exam', weight: 100, source: 'typed', final: false }],
    }),
  );
  await ok(
    await t.call('saveResultScores', admin.token, {
      class_id: schoolClass,
      term_id: term,
      scores: [{ student_id: a.id, component_key: 'k2', score: '80' }],
    }),
  );
  // A's class has a level and a next level's class (empty), and its results are published:
  // A passed (80 at a pass mark of 70) and has a certificate (issue 30).
  const nextClass = (
    await ok(await t.call('createClass', admin.token, { name: 'Next Level Class' }))
  ).class_id as number;
  await ok(
    await t.call('setClassLevel', admin.token, {
      class_id: schoolClass,
      level: 'World Level',
      next_class_id: nextClass,
    }),
  );
  await ok(await t.call('publishResults', admin.token, { class_id: schoolClass, term_id: term }));
  const published = (await ok(await t.call('getResults', admin.token, { user_id: a.id })))
    .results[0];
  // A's score changed since (still a pass): publishing again has a change to tell A.
  await ok(
    await t.call('saveResultScores', admin.token, {
      class_id: schoolClass,
      term_id: term,
      scores: [{ student_id: a.id, component_key: 'k2', score: '85' }],
    }),
  );
  // Asked once A is in the class: a question goes to the students the class has then.
  const teachersQuestion = (
    await ok(
      await t.call('saveSpeakingQuestion', teacher.token, {
        question_text: 'Say hello to your class',
        start_time: iso(t.clock.now - HOUR),
        end_time: iso(t.clock.now + HOUR),
        class_id: String(schoolClass),
      }),
    )
  ).id as number;
  const timetable = await ok(
    await t.call('getClassSessions', admin.token, { class_id: schoolClass, when: 'past' }),
  );
  const sendings = await ok(
    await t.inject({
      method: 'GET',
      url: '/api/get_sendings.php?kind=assignment',
      headers: asAdmin,
    }),
  );

  const notifications = await ok(await t.call('getNotifications', a.token, { user_id: a.id }));
  const corrections = await ok(await t.call('studentsGetCorrections', a.token, { user_id: a.id }));
  const importJob = async () =>
    (
      await t.database.db
        .insertInto('import_jobs')
        .values({
          created_by: admin.id,
          status: 'done',
          total: 1,
          done: 1,
          imported: 1,
          message: 'Imported 1 student.',
          credentials: JSON.stringify([
            { name: 'Imported One', class: '', username: 'imported.one', password: 'x7Kp2mQa9sLe' },
          ]),
          sign_in_url: 'http://localhost/login',
          runner: 'world',
          created_at: t.clock.now,
          updated_at: t.clock.now,
          finished_at: t.clock.now,
          dismissed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // A's guardian (issue 31, point 4), and an SMS gateway set up last, so that nothing the
  // world sent queued an SMS. Nothing listens at its address: a test SMS is answered that the
  // gateway could not be reached, and the outbox is never run here.
  const guardian = (
    await ok(
      await t.call('saveGuardian', admin.token, {
        user_id: a.id,
        name: 'A-parent Jones',
        phone: '+447700900111',
        email: 'a-parent@example.com',
      }),
    )
  ).id as number;
  await ok(
    await t.call('saveSmsGateway', admin.token, {
      method: 'POST',
      url: 'http://127.0.0.1:2/sms',
      secret_headers: 'Authorization: Bearer world-key',
      content_type: 'json',
      body: '{"to": "{to}", "text": "{text}", "ref": "{id}"}',
      monthly_cap: 100,
    }),
  );
  // Quizzes (issue 51): the bank's item and passage, and a quiz sent to A's class with A's
  // attempts (test-support/quiz-world.ts).
  const bank = await quizBankWorld(t, teacher);
  const quizzes = await quizWorld(t, { admin, a, teacher, schoolClass });
  // Tuition (issue 52): the currency, A's class's fee plan, a payment of B's to void.
  const tuition = await tuitionWorld(t, { admin, b, teacher, schoolClass, term });
  return {
    t,
    admin,
    a,
    b,
    teacher,
    otherTeacher,
    formerTeacher,
    deactivatedTeacher,
    markersOfB: ['Student B', 'Other Class', 'Note for B', 'B homework', 'B-card-front'],
    markersOfA: [
      'Student A',
      'For A',
      'A task',
      'A result',
      'A-card-front',
      'A-slot',
      'My work',
      'A-reply',
      'A-parent',
      'Former-teacher',
      'World Quiz',
    ],
    ids: {
      notification: notifications.notifications[0].id,
      // The newest is the class's; A's own assignment is the one sent to A alone.
      assignment: assignments.assignments.find((x: { title: string }) => x.title === 'A task').id,
      correction: corrections[0].id,
      submission: inbox.assignments[0].id,
      card: card.card.id,
      exam: await item('exam'),
      reading: await item('reading'),
      listening: await item('listening'),
      story: await item('story'),
      startedItem,
      question: question.id,
      schoolClass,
      teachersQuestion,
      classSession: timetable.sessions[0].id,
      sending: sendings.sendings[0].id,
      formerSending: sendings.sendings.find(
        (x: { title: string }) => x.title === 'Former-teacher task',
      ).id,
      formerQuestion,
      answer,
      importJob: await importJob(),
      importJobToDismiss: await importJob(),
      term,
      result: published.id,
      nextClass,
      failedMessage: await failedMessage(),
      guardian,
      ...bank,
      ...quizzes,
      ...tuition,
    },
    certificateCode: published.certificate_code,
    passwordLink: await issuePasswordLink(t.database.db, a.id, t.clock.now),
    unsubscribeToken: unsubscribeToken(t.app.deps.signingSecret, {
      userId: a.id,
      guardianId: null,
      kinds: ['announcement'],
    }),
  };
}
