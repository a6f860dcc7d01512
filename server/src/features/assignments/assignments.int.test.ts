import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const send = (fields: CallPayload<'sendAssignment'>, token = admin.token) =>
  t.call('sendAssignment', token, fields);

async function sendTo(
  student: TestUser,
  title = 'Essay',
  links: { title: string; url: string }[] = [],
) {
  const res = await send({
    user_id: String(student.id),
    title,
    description: 'Due Friday',
    file_links: JSON.stringify(links),
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = (await t.call('getAssignments', admin.token, { user_id: student.id })).json();
  return list.assignments[0] as { id: number };
}

describe('POST /api/send_assignment.php', () => {
  it('sends an assignment with links and answers the spec message', async () => {
    const student = await t.student({ name: 'Sara' });
    const res = await send({
      user_id: String(student.id),
      title: 'Essay',
      description: 'Due Friday',
      file_links: JSON.stringify([
        { title: 'Brief', url: 'https://docs.example.com/brief' },
        { title: '', url: '' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Assignment sent successfully!' });
    const list = (await t.call('getAssignments', admin.token, { user_id: student.id })).json();
    expect(list.assignments[0]).toMatchObject({
      user_id: student.id,
      title: 'Essay',
      student_name: 'Sara',
      description: 'Due Friday',
      is_read: 0,
      read_at: null,
      file_links: [{ title: 'Brief', url: 'https://docs.example.com/brief' }],
    });
  });

  it.each([
    [{ title: 'T', description: 'D' }, 'Please select a user.'],
    [{ user_id: '', title: 'T', description: 'D' }, 'Please select a user.'],
    [
      { user_id: 'STUDENT', title: '', description: 'D' },
      'Please enter both title and description.',
    ],
    [
      { user_id: 'STUDENT', title: 'T', description: '  ' },
      'Please enter both title and description.',
    ],
    [
      {
        user_id: 'STUDENT',
        title: 'T',
        description: 'D',
        file_links: JSON.stringify([{ title: 'x', url: 'javascript:alert(1)' }]),
      },
      'Each link must be an http:// or https:// address.',
    ],
    [
      { user_id: 'STUDENT', title: 'T', description: 'D', file_links: '{broken' },
      'The file links must be a JSON list of {title, url}.',
    ],
    [
      {
        user_id: 'STUDENT',
        title: 'T',
        description: 'D',
        file_links: JSON.stringify([{ title: '', url: 'https://x.example.com' }]),
      },
      'Each link needs a title.',
    ],
  ])('refuses %o in the error shape', async (fields, message) => {
    const student = await t.student();
    const withStudent = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === 'STUDENT' ? String(student.id) : v]),
    );
    const res = await send(withStudent);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: message, message });
    expect(
      (await t.call('getAssignments', admin.token, { user_id: student.id })).json().assignments,
    ).toEqual([]);
  });

  it('refuses an admin as the recipient, students (403) and anonymous callers (401)', async () => {
    const student = await t.student();
    expect(
      (await send({ user_id: String(admin.id), title: 'T', description: 'D' })).json(),
    ).toMatchObject({ error: 'Please select a user.' });
    expect(
      (await send({ user_id: String(student.id), title: 'T', description: 'D' }, student.token))
        .statusCode,
    ).toBe(403);
    const anonymous = await t.call('sendAssignment', undefined, {
      user_id: String(student.id),
      title: 'T',
      description: 'D',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the read state', () => {
  it('a student opening the details marks it read once; the admin sees Read on; the badge count drops', async () => {
    const student = await t.student();
    const first = await sendTo(student, 'One');
    await sendTo(student, 'Two');
    const unread = () =>
      t.call('getUnreadAssignments', student.token, { user_id: student.id }).then((r) => r.json());
    expect(await unread()).toEqual({ success: true, unread_count: 2 });

    const mark = await t.call('markAssignmentAsRead', student.token, {
      user_id: student.id,
      assignment_id: first.id,
    });
    expect(mark.statusCode).toBe(200);
    expect(mark.json().success).toBe(true);
    expect((await unread()).unread_count).toBe(1);
    const readAt = (
      await t.call('getAssignments', admin.token, { user_id: student.id, read: 'read' })
    ).json().assignments[0];
    expect(readAt).toMatchObject({
      id: first.id,
      is_read: 1,
      read_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /),
    });

    t.clock.now += 60_000;
    await t.call('markAssignmentAsRead', student.token, {
      user_id: student.id,
      assignment_id: first.id,
    });
    const again = (
      await t.call('getAssignments', admin.token, { user_id: student.id, read: 'read' })
    ).json().assignments[0];
    expect(again?.read_at).toBe(readAt?.read_at);
  });

  it('an admin click on a file link marks it read', async () => {
    const student = await t.student();
    const assignment = await sendTo(student, 'Linked', [
      { title: 'Doc', url: 'https://docs.example.com/a' },
    ]);
    const res = await t.call('markAssignmentRead', admin.token, {
      assignment_id: assignment.id,
      user_id: student.id,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.call('getUnreadAssignments', student.token, { user_id: student.id })).json()
        .unread_count,
    ).toBe(0);
  });

  it('a student cannot read or mark someone else’s assignments', async () => {
    const sara = await t.student();
    const omid = await t.student();
    const assignment = await sendTo(sara);
    expect((await t.call('getUserAssignments', omid.token, { user_id: sara.id })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call('getUnreadAssignments', omid.token, { user_id: sara.id })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('markAssignmentAsRead', omid.token, {
          user_id: sara.id,
          assignment_id: assignment.id,
        })
      ).statusCode,
    ).toBe(403);
    // Naming themself but Sara's assignment: not found, and nothing changes.
    expect(
      (
        await t.call('markAssignmentAsRead', omid.token, {
          user_id: omid.id,
          assignment_id: assignment.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call('getUnreadAssignments', sara.token, { user_id: sara.id })).json().unread_count,
    ).toBe(1);
    expect(
      (await t.call('markAssignmentRead', omid.token, { assignment_id: assignment.id })).statusCode,
    ).toBe(403);
  });
});

describe('lists', () => {
  it('a student lists their own assignments with the spec fields', async () => {
    const student = await t.student();
    await sendTo(student, 'Mine', [{ title: 'Sheet', url: 'https://docs.example.com/s' }]);
    const res = await t.call('getUserAssignments', student.token, { user_id: student.id });
    expect(res.json()).toEqual({
      success: true,
      assignments: [
        {
          id: expect.any(Number),
          title: 'Mine',
          description: 'Due Friday',
          created_at: expect.any(String),
          is_read: 0,
          file_links: [{ title: 'Sheet', url: 'https://docs.example.com/s' }],
          due_at: null,
          submitted_at: null,
          work_state: null,
        },
      ],
    });
  });

  it('the admin filters by student, read state and text, and pages', async () => {
    const student = await t.student();
    for (let i = 0; i < 55; i++)
      await sendTo(student, `Homework ${i}${i === 7 ? ' 100% done_x' : ''}`);
    const page1 = (await t.call('getAssignments', admin.token, { user_id: student.id })).json();
    expect(page1).toMatchObject({ has_more: true, page: 1, page_size: 50 });
    expect(page1.assignments).toHaveLength(50);
    expect(page1.assignments[0]?.title).toBe('Homework 54');
    const page2 = (
      await t.call('getAssignments', admin.token, { user_id: student.id, page: '2' })
    ).json();
    expect(page2.assignments).toHaveLength(5);
    expect(page2.has_more).toBe(false);
    const search = (
      await t.call('getAssignments', admin, { user_id: student.id, q: '100% done_' })
    ).json();
    expect(search.assignments.map((a) => a.title)).toEqual(['Homework 7 100% done_x']);
    const literal = (await t.call('getAssignments', admin, { user_id: student.id, q: '%' })).json();
    expect(literal.assignments).toHaveLength(1);
    expect(
      (await t.callUnchecked('getAssignments', admin.token, { read: 'maybe' })).statusCode,
    ).toBe(400);
  });

  it('removes an assignment with its links', async () => {
    const student = await t.student();
    const assignment = await sendTo(student, 'Gone', [
      { title: 'L', url: 'https://x.example.com' },
    ]);
    const res = await t.call('removeAssignment', admin.token, {
      assignment_id: assignment.id,
    });
    expect(res.json()).toEqual({ success: true, message: 'Assignment removed successfully.' });
    expect(
      (await t.call('removeAssignment', admin.token, { assignment_id: assignment.id })).statusCode,
    ).toBe(404);
    const links = await t.database.db
      .selectFrom('assignment_links')
      .select('id')
      .where('assignment_id', '=', assignment.id)
      .execute();
    expect(links).toEqual([]);
    expect((await t.call('removeAssignment', student.token, { assignment_id: 1 })).statusCode).toBe(
      403,
    );
  });
});
