import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 29, points 1–3: teachers. An administrator makes teacher accounts and gives classes
 * their teachers; a teacher's world is their classes' students, decided on the server from
 * class_teachers at every call (the access matrix walks every call; this file walks what a
 * teacher does in a day).
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Head Admin' });
});
afterAll(() => t.close());

/** A class of these students, with one session today (a Sunday) at 18:00. */
async function classOf(name: string, students: TestUser[]) {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id;
  await t.call('addClassStudents', admin.token, {
    class_id: id,
    user_ids: students.map((s) => s.id),
  });
  await t.call('saveClassSchedule', admin.token, {
    class_id: id,
    weekdays: ['Sunday'],
    first_date: '2026-11-22',
    count: 1,
    time: '18:00',
  });
  const sessions = (await t.call('getClassSessions', admin.token, { class_id: id })).json()
    .sessions;
  const today = sessions[0];
  if (!today) throw new Error('no session today');
  return { id, sessionId: today.id };
}

const teach = (classId: number, teachers: TestUser[]) =>
  t.call('setClassTeachers', admin.token, {
    class_id: classId,
    teacher_ids: teachers.map((x) => x.id),
  });

describe('teacher accounts', () => {
  it('are made by an administrator, sign in as teachers, and are listed as such', async () => {
    const made = await t.call('addUser', admin.token, {
      name: 'Tara Teacher',
      username: 'tara.teacher',
      email: 'tara@example.com',
      password: 'teaching-pass-1',
      role_id: '3',
      gender: 'female',
    });
    expect(made.json()).toEqual({ success: true, message: 'User added successfully.' });
    const login = await t.call('login', undefined, {
      username: 'tara.teacher',
      password: 'teaching-pass-1',
    });
    expect(login.json()).toMatchObject({ success: true, role: 'teacher', name: 'Tara Teacher' });
    const teachers = (await t.call('getTeachers', admin.token, {})).json().teachers;
    expect(teachers.map((x) => x.username)).toContain('tara.teacher');
    const users = (await t.call('getUsers', admin.token, {})).json().users;
    expect(users.find((u) => u.username === 'tara.teacher')?.role_id).toBe('3');
    const csv = (await t.call('exportUsers', admin.token, {})).body;
    expect(csv).toMatch(/Tara Teacher,tara\.teacher,tara@example\.com,female,Teacher,/);
  });

  it('gives a class exactly the teachers chosen, refusing anyone who is not an active teacher', async () => {
    const [one, two] = [await t.teacher({ name: 'T One' }), await t.teacher({ name: 'T Two' })];
    const student = await t.student();
    const { id } = await classOf('Teachers Chosen', []);
    expect((await teach(id, [one, two])).json()).toEqual({
      success: true,
      message: 'Teachers Chosen has 2 teachers now.',
    });
    const shown = (await t.call('getClassStudents', admin.token, { class_id: id })).json();
    expect(shown.class.teachers.map((x) => x.name)).toEqual(['T One', 'T Two']);

    const notTeacher = await teach(id, [one, student]);
    expect(notTeacher.statusCode).toBe(400);
    expect(notTeacher.json().message).toBe(
      'Please choose teachers: each must be an active teacher’s account.',
    );
    // Refused whole: the class keeps both.
    const still = (await t.call('getClassStudents', admin.token, { class_id: id })).json();
    expect(still.class.teachers).toHaveLength(2);

    expect((await teach(id, [two])).json().message).toBe('Teachers Chosen has 1 teacher now.');
    expect((await t.call('getClasses', one.token, {})).json().classes).toEqual([]);
    const twos = (await t.call('getClasses', two.token, {})).json().classes;
    expect(twos.map((c) => c.name)).toEqual(['Teachers Chosen']);
  });

  it('stops teaching when their role changes, and a deactivated teacher is signed out', async () => {
    const teacher = await t.teacher();
    const { id } = await classOf('Role Change', []);
    await teach(id, [teacher]);
    await t.call('updateUser', admin.token, {
      user_id: teacher.id,
      name: 'Now A Student',
      email: `${teacher.username}@example.com`,
      gender: 'male',
      role_id: '2',
    });
    const shown = (await t.call('getClassStudents', admin.token, { class_id: id })).json();
    expect(shown.class.teachers).toEqual([]);

    const other = await t.teacher();
    await teach(id, [other]);
    await t.call('setUserActive', admin.token, { user_id: other.id, active: 0 });
    expect((await t.call('getClasses', other.token, {})).statusCode).toBe(401);
  });

  it('imports teachers from a role column, each teaching the class their row names', async () => {
    await classOf('Imported Class', []);
    const csv = [
      'name,email,gender,class,role',
      'Ivy Importer,ivy@example.com,female,Imported Class,teacher',
      'Sam Student,sam@example.com,male,Imported Class,',
      'Odd Role,odd@example.com,male,,principal',
    ].join('\n');
    const preview = (await t.call('previewUserImport', admin.token, { csv })).json();
    expect(preview.rows.map((r) => [r.name, r.role, r.problems])).toEqual([
      ['Odd Role', 'principal', ['role must be student or teacher']],
      ['Ivy Importer', 'teacher', []],
      ['Sam Student', 'student', []],
    ]);
    const job = (await t.call('importUsers', admin.token, { csv })).json();
    expect(job.success).toBe(true);
    await expect
      .poll(async () => {
        const jobs = (await t.call('getImportJobs', admin.token, {})).json().jobs;
        return jobs.find((j) => j.id === job.job_id)?.status;
      })
      .toBe('done');
    const classes = (await t.call('getClasses', admin.token, { q: 'Imported Class' })).json();
    const imported = classes.classes[0];
    expect(imported?.teachers.map((x) => x.name)).toEqual(['Ivy Importer']);
    expect(imported?.student_count).toBe(1);
  });
});

describe("a teacher's day", () => {
  it('shows today’s sessions and what waits for a correction, of their classes only', async () => {
    const [mine, theirs] = [await t.student({ name: 'Mina Mine' }), await t.student()];
    const teacher = await t.teacher({ name: 'Day Teacher' });
    const own = await classOf('Day Mine', [mine]);
    await classOf('Day Theirs', [theirs]);
    await teach(own.id, [teacher]);
    for (const student of [mine, theirs])
      await t.call('uploadAssignment', student.token, {
        user_id: String(student.id),
        subject: 'Homework',
        'files[]': [{ filename: 'w.pdf', content: samples.pdf }],
      });

    const day = (await t.call('getTeachingDay', teacher.token, {})).json();
    expect(day.today).toBe('2026-11-22');
    expect(day.sessions.map((s) => [s.class_name, s.session_time, s.roll, s.students])).toEqual([
      ['Day Mine', '18:00', 'due', 1],
    ]);
    expect(day.new_submissions).toBe(1);
    // The administrator's day holds every class's.
    const adminsDay = (await t.call('getTeachingDay', admin.token, {})).json();
    expect(adminsDay.sessions.map((s) => s.class_name)).toEqual(
      expect.arrayContaining(['Day Mine', 'Day Theirs']),
    );

    const inbox = (await t.call('sendToInbox', teacher.token, {})).json();
    expect(inbox.assignments.map((s) => s.user_name)).toEqual(['Mina Mine']);
    const students = (await t.call('userList', teacher.token, {})).json();
    expect(students.map((s) => s.name)).toEqual(['Mina Mine']);
  });

  it('takes the roll of their session, and the audit log names them', async () => {
    const [ana, ben] = [await t.student({ name: 'Roll A' }), await t.student({ name: 'Roll B' })];
    const teacher = await t.teacher({ name: 'Roll Teacher' });
    const { id, sessionId } = await classOf('Roll Day', [ana, ben]);
    await teach(id, [teacher]);
    const saved = await t.call('saveRoll', teacher.token, {
      class_session_id: sessionId,
      marks: [{ user_id: ben.id, mark: 'absent' }],
    });
    expect(saved.json()).toEqual({ success: true, message: 'Roll saved: 1 present, 1 absent.' });
    const entries = (await t.call('auditLog', admin.token, {})).json().entries;
    expect(entries[0]).toMatchObject({ actor_name: 'Roll Teacher', action: 'saveRoll' });

    // Taken off the class, the same teacher is refused at once.
    await teach(id, []);
    const refused = await t.call('getRoll', teacher.token, { class_session_id: sessionId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'You can only do this for the students of your classes.',
    });
  });

  it('sends to their class or one of their students, never to everyone', async () => {
    const [mine, theirs] = [await t.student(), await t.student()];
    const teacher = await t.teacher();
    const own = await classOf('Send Mine', [mine]);
    await teach(own.id, [teacher]);
    const toClass = await t.call('addNotification', teacher.token, {
      class_id: String(own.id),
      message: 'Bring your books',
    });
    expect(toClass.statusCode, toClass.body).toBe(200);
    const heard = (await t.call('getNotifications', mine.token, { user_id: mine.id })).json();
    expect(heard.notifications.map((n) => n.message)).toContain('Bring your books');

    for (const payload of [
      { user_id: 'all' as const, message: 'Everyone' },
      { user_id: String(theirs.id), message: 'Not mine' },
      { user_ids: [mine.id, theirs.id], message: 'Some mine' },
    ]) {
      const refused = await t.call('addNotification', teacher.token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const card = await t.call('addCard', teacher.token, {
      user_id: mine.id,
      front_text: 'to borrow',
      back_text: 'to take for a while',
    });
    expect(card.statusCode, card.body).toBe(200);
    // A teacher's card can be put right, or taken back, by them; not by a teacher of others.
    const cardId = card.json().card.id;
    const stranger = await t.teacher();
    const edit = { user_id: mine.id, card_id: cardId, front_text: 'to lend', back_text: 'to give' };
    expect((await t.call('studentUpdateCard', stranger.token, edit)).statusCode).toBe(403);
    expect((await t.call('studentUpdateCard', teacher.token, edit)).statusCode).toBe(200);
    const drop = { user_id: mine.id, card_id: cardId };
    expect((await t.call('deleteCard', stranger.token, drop)).statusCode).toBe(403);
    expect((await t.call('deleteCard', teacher.token, drop)).statusCode).toBe(200);
    // A teacher reads as their student, never writes as them.
    expect((await t.call('getAttendance', teacher.token, { user_id: mine.id })).statusCode).toBe(
      200,
    );
    expect((await t.call('getAttendance', teacher.token, { user_id: theirs.id })).statusCode).toBe(
      403,
    );
    const asStudent = await t.call('markAllNotificationsRead', teacher.token, {});
    expect(asStudent.statusCode).toBeLessThan(300);
  });

  it('loses what they sent a class once taken off it (issue 48, point 3)', async () => {
    const [pupil, classmate, other] = [await t.student(), await t.student(), await t.student()];
    const teacher = await t.teacher();
    const kept = await classOf('Kept Class', [other]);
    const left = await classOf('Left Class', [pupil, classmate]);
    await teach(kept.id, [teacher]);
    await teach(left.id, [teacher]);
    const sent = await t.call('sendAssignment', teacher.token, {
      class_id: String(left.id),
      title: 'Left essay',
      description: 'Due Friday',
      file_links: '[]',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Sent to chosen students, not to the class: still theirs only while both are.
    const toTwo = await t.call('addNotification', teacher.token, {
      user_ids: [pupil.id, classmate.id],
      message: 'For the two pupils',
    });
    expect(toTwo.statusCode, toTwo.body).toBe(200);
    const asked = await t.call('saveSpeakingQuestion', teacher.token, {
      question_text: 'Describe your weekend',
      start_time: '2026-11-22 09:00:00',
      end_time: '2026-11-29 09:00:00',
      class_id: String(left.id),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const questionId = asked.json().id as number;
    const sendingIds = async (kind: 'assignment' | 'notification') =>
      (await t.call('getSendings', teacher.token, { kind })).json().sendings.map((s) => s.id);
    const [assignmentSending] = await sendingIds('assignment');
    const [notificationSending] = await sendingIds('notification');
    const canChange = async () =>
      (await t.call('listSpeakingQuestions', teacher.token, {}))
        .json()
        .questions.find((q) => q.id === questionId)?.can_change;
    expect(await canChange()).toBe(true);

    // Taken off the class: the class, its pupil and the question are someone else's now.
    await teach(left.id, []);
    for (const sending_id of [assignmentSending, notificationSending]) {
      expect(
        (await t.call('getSending', teacher.token, { sending_id: sending_id as number }))
          .statusCode,
      ).toBe(403);
      const rewrite = await t.call('updateSending', teacher.token, {
        sending_id: sending_id as number,
        title: 'Rewritten',
        description: 'Rewritten words',
      });
      expect(rewrite.statusCode).toBe(403);
    }
    expect(await sendingIds('assignment')).toEqual([]);
    expect(await sendingIds('notification')).toEqual([]);
    const edit = await t.call('saveSpeakingQuestion', teacher.token, {
      id: questionId,
      question_text: 'Rewritten question',
      start_time: '2026-11-22 09:00:00',
      end_time: '2026-11-29 09:00:00',
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (await t.call('deleteSpeakingQuestion', teacher.token, { id: questionId })).statusCode,
    ).toBe(403);
    // The pupil still reads what was sent, as it was sent.
    const work = (await t.call('getUserAssignments', pupil.token, { user_id: pupil.id })).json();
    expect(JSON.stringify(work)).toContain('Left essay');
    expect(JSON.stringify(work)).not.toContain('Rewritten');

    // Given the class back, the teacher has it all again.
    await teach(left.id, [teacher]);
    expect(await sendingIds('assignment')).toEqual([assignmentSending]);
    expect(await canChange()).toBe(true);
  });

  it('two teachers saving the same roll at once leave one whole roll, never a mix', async () => {
    const students = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.student({ name: `Race ${i}` })),
    );
    const [first, second] = [await t.teacher(), await t.teacher()];
    const { id, sessionId } = await classOf('Race Class', students);
    await teach(id, [first, second]);
    const marksOf = (mark: 'absent' | 'late') =>
      students.map((s) => ({ user_id: s.id, mark }) as const);
    const saves = await Promise.all([
      t.call('saveRoll', first.token, { class_session_id: sessionId, marks: marksOf('absent') }),
      t.call('saveRoll', second.token, { class_session_id: sessionId, marks: marksOf('late') }),
    ]);
    for (const save of saves) expect(save.statusCode, save.body).toBe(200);
    const roll = (await t.call('getRoll', admin.token, { class_session_id: sessionId })).json();
    const marks = new Set(roll.students.map((s) => s.mark));
    expect(roll.students).toHaveLength(6);
    expect(marks.size).toBe(1);
    expect(['absent', 'late']).toContain([...marks][0]);
  });
});
