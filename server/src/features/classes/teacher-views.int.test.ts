import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 29, point 2: a teacher sees their students' hand-ins, pages, cards and progress. The
 * academy-wide lists an administrator reads (View Assignments, all notifications, the Student
 * Leitner Box) answer a teacher with their classes' students' things only, and an assignment
 * of a student outside their classes can be neither marked read nor removed by them.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
/** The teacher's student, and a student of another class. */
let mine: TestUser;
let other: TestUser;

const OUTSIDE = 'You can only do this for the students of your classes.';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Views Admin' });
  teacher = await t.teacher({ name: 'Views Teacher' });
  const otherTeacher = await t.teacher({ name: 'Other Views Teacher' });
  mine = await t.student({ name: 'Mia Mine' });
  other = await t.student({ name: 'Otto Other' });
  for (const [name, student, teaching] of [
    ['Views Class', mine, teacher],
    ['Elsewhere Class', other, otherTeacher],
  ] as const) {
    const id = (await t.call('createClass', admin.token, { name })).json().class_id;
    await t.call('addClassStudents', admin.token, { class_id: id, user_ids: [student.id] });
    await t.call('setClassTeachers', admin.token, { class_id: id, teacher_ids: [teaching.id] });
  }
  for (const student of [mine, other]) {
    const sent = await t.call('sendAssignment', admin.token, {
      user_id: String(student.id),
      title: `Task of ${student.name}`,
      description: 'Read chapter one',
      file_links: JSON.stringify([{ title: 'Chapter', url: 'https://files.example.com/c.pdf' }]),
    });
    expect(sent.statusCode).toBe(200);
    await t.call('addNotification', admin.token, {
      user_id: String(student.id),
      message: `Note to ${student.name}`,
    });
    await t.call('addCard', student.token, {
      user_id: student.id,
      front_text: `Card of ${student.name}`,
      back_text: 'back',
    });
  }
});
afterAll(() => t.close());

/** The id of the assignment sent to this student, as an administrator lists it. */
async function assignmentOf(student: TestUser): Promise<number> {
  const list = (await t.call('getAssignments', admin.token, { user_id: student.id })).json();
  const found = list.assignments[0];
  if (!found) throw new Error(`no assignment of ${student.name}`);
  return found.id;
}

describe("a teacher's View Assignments", () => {
  it("lists their students' assignments only; an administrator's lists everyone's", async () => {
    const taught = (await t.call('getAssignments', teacher.token, {})).json();
    expect(taught.assignments.map((a) => a.title)).toEqual(['Task of Mia Mine']);
    expect(taught.assignments[0]?.student_name).toBe('Mia Mine');

    const all = (await t.call('getAssignments', admin.token, {})).json();
    expect(all.assignments.map((a) => a.title)).toEqual(['Task of Otto Other', 'Task of Mia Mine']);
  });

  it("filters by one of their students, and refuses another class's student", async () => {
    const one = (await t.call('getAssignments', teacher.token, { user_id: mine.id })).json();
    expect(one.assignments).toHaveLength(1);
    const refused = await t.call('getAssignments', teacher.token, { user_id: other.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: OUTSIDE });
  });

  it("marks read and removes their student's assignment, never another class's", async () => {
    const theirs = await assignmentOf(other);
    for (const call of ['markAssignmentRead', 'removeAssignment'] as const) {
      const refused = await t.call(call, teacher.token, { assignment_id: theirs });
      expect(refused.statusCode, call).toBe(403);
      expect(refused.json(), call).toEqual({ success: false, message: OUTSIDE });
    }
    // Naming another class's student beside their own assignment is refused too.
    const own = await assignmentOf(mine);
    const misnamed = await t.call('markAssignmentRead', teacher.token, {
      assignment_id: own,
      user_id: other.id,
    });
    expect(misnamed.statusCode).toBe(403);
    const untouched = (await t.call('getAssignments', admin.token, { user_id: other.id })).json();
    expect(untouched.assignments[0]).toMatchObject({ id: theirs, is_read: 0 });

    const read = await t.call('markAssignmentRead', teacher.token, {
      assignment_id: own,
      user_id: mine.id,
    });
    expect(read.json()).toEqual({ success: true, message: 'Assignment marked as read.' });
    const removed = await t.call('removeAssignment', teacher.token, { assignment_id: own });
    expect(removed.json()).toEqual({ success: true, message: 'Assignment removed successfully.' });
    expect((await t.call('getAssignments', teacher.token, {})).json().assignments).toEqual([]);
    // The administrator still sees and removes any.
    const byAdmin = await t.call('removeAssignment', admin.token, { assignment_id: theirs });
    expect(byAdmin.json().success).toBe(true);
  });
});

describe("a teacher's All Notifications", () => {
  it("lists their students' notifications, with the spec's user_id=0 too", async () => {
    for (const payload of [{}, { user_id: 0 }]) {
      const taught = (await t.call('getAllNotifications', teacher.token, payload)).json();
      const messages = taught.notifications.map((n) => n.message);
      expect(messages).toContain('Note to Mia Mine');
      expect(taught.notifications.every((n) => n.user_id === mine.id)).toBe(true);
    }
    const all = (await t.call('getAllNotifications', admin.token, { user_id: 0 })).json();
    const messages = all.notifications.map((n) => n.message);
    expect(messages).toEqual(expect.arrayContaining(['Note to Mia Mine', 'Note to Otto Other']));
  });

  it("filters by one of their students, and refuses another class's student", async () => {
    const one = (await t.call('getAllNotifications', teacher.token, { user_id: mine.id })).json();
    expect(one.notifications.length).toBeGreaterThan(0);
    const refused = await t.call('getAllNotifications', teacher.token, { user_id: other.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: OUTSIDE });
    // A search by the other's name finds nothing of theirs.
    const searched = (
      await t.call('getAllNotifications', teacher.token, { user_id: 0, search: 'Otto' })
    ).json();
    expect(searched).toMatchObject({ notifications: [], message: 'No notifications found.' });
  });
});

describe("a teacher's Student Leitner Box", () => {
  it("groups their students' cards only; an administrator's groups everyone's", async () => {
    const owners = (await t.call('cardOwners', teacher.token, {})).json().owners;
    expect(owners.map((o) => o.user_name)).toEqual(['Mia Mine']);
    const all = (await t.call('cardOwners', admin.token, {})).json().owners;
    expect(all.map((o) => o.user_name)).toEqual(['Mia Mine', 'Otto Other']);
  });

  it("reads their student's cards, and refuses another class's student", async () => {
    const cards = (await t.call('getAllUsersCards', teacher.token, { user_id: mine.id })).json();
    expect(cards.map((c) => c.front_text)).toEqual(['Card of Mia Mine']);
    const unnamed = (await t.call('getAllUsersCards', teacher.token, {})).json();
    expect(unnamed.map((c) => c.user_name)).toEqual(['Mia Mine']);
    const refused = await t.call('getAllUsersCards', teacher.token, { user_id: other.id });
    expect(refused.statusCode).toBe(403);
    const all = (await t.call('getAllUsersCards', admin.token, {})).json();
    expect(all.map((c) => c.user_name)).toEqual(['Mia Mine', 'Otto Other']);
  });
});
