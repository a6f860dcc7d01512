import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { EXAMPLE_GATEWAY } from '../../test-support/sms-gateway.js';
import { changesBetween, snapshotData } from '../../test-support/snapshot.js';

/**
 * Issue 31, point 4: a student's guardians on their record, and which kinds of message the
 * academy also sends them. An administrator adds, changes and removes them; a teacher of the
 * student reads them; anyone else is refused as the project refuses.
 */

let t: TestApp;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
/** Teaches the student's class; teaches another class only. */
let ownTeacher: TestUser;
let otherTeacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  student = await t.student({ name: 'Ali Veli' });
  other = await t.student({ name: 'Other Student' });
  const made = await t.call('createClass', admin.token, { name: 'Guardians Class' });
  const classId = made.json().class_id as number;
  const otherClass = (await t.call('createClass', admin.token, { name: 'Elsewhere' })).json()
    .class_id as number;
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [student.id] });
  await t.call('addClassStudents', admin.token, { class_id: otherClass, user_ids: [other.id] });
  ownTeacher = await t.teacher({ classIds: [classId] });
  otherTeacher = await t.teacher({ classIds: [otherClass] });
});
afterAll(() => t.close());

const list = async (as: TestUser, userId = student.id) =>
  t.call('listGuardians', as.token, { user_id: userId });

describe("a student's guardians", () => {
  it('are added, listed, changed and removed by an administrator', async () => {
    expect((await list(admin)).json()).toEqual({ success: true, guardians: [] });

    const added = await t.call('saveGuardian', admin.token, {
      user_id: student.id,
      name: '  Ayşe Veli ',
      phone: '+90 (555) 123-45 67',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Ayşe Veli added as a guardian.');
    const id = added.json().id as number;
    expect((await list(admin)).json().guardians).toEqual([
      {
        id,
        name: 'Ayşe Veli',
        phone: '+905551234567',
        email: null,
        created_at: expect.any(String),
      },
    ]);

    const changed = await t.call('saveGuardian', admin.token, {
      user_id: student.id,
      guardian_id: id,
      name: 'Ayşe Veli',
      phone: '',
      email: 'ayse@example.com',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await list(admin)).json().guardians[0]).toMatchObject({
      phone: null,
      email: 'ayse@example.com',
    });

    const removed = await t.call('deleteGuardian', admin.token, {
      user_id: student.id,
      guardian_id: id,
    });
    expect(removed.json()).toEqual({ success: true, message: 'Guardian removed.' });
    expect((await list(admin)).json().guardians).toEqual([]);
  });

  it.each([
    [{ name: '' }, "Please enter the guardian's name."],
    [{ name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
    [
      { phone: '', email: '' },
      "Please enter the guardian's phone number or e-mail address (or both).",
    ],
    [
      { phone: undefined, email: undefined },
      "Please enter the guardian's phone number or e-mail address (or both).",
    ],
    [
      { phone: '0555 123 45 67' },
      "Please enter the guardian's phone number with + and the country code, such as +44 7700 900123.",
    ],
    [{ phone: '+0123' }, "Please enter the guardian's phone number with + and the country code"],
    [
      { email: 'not-an-address', phone: '' },
      "Please enter the guardian's e-mail address as name@example.com.",
    ],
    [{ user_id: 'abc' }, 'user_id has a value of the wrong kind'],
  ])('refuses %j with a 400 in words, writing nothing', async (change, words) => {
    const before = await snapshotData(t);
    const res = await t.call('saveGuardian', admin.token, {
      user_id: student.id,
      name: 'Gina',
      phone: '+447700900123',
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it("answers 404 for a guardian that is not the student's, or a user who is no student", async () => {
    const theirs = (
      await t.call('saveGuardian', admin.token, {
        user_id: other.id,
        name: 'Other Parent',
        email: 'op@example.com',
      })
    ).json().id as number;
    const before = await snapshotData(t);
    const edit = await t.call('saveGuardian', admin.token, {
      user_id: student.id,
      guardian_id: theirs,
      name: 'Taken',
      email: 'x@example.com',
    });
    expect([edit.statusCode, edit.json().message]).toEqual([404, 'Guardian not found.']);
    const remove = await t.call('deleteGuardian', admin.token, {
      user_id: student.id,
      guardian_id: theirs,
    });
    expect([remove.statusCode, remove.json().message]).toEqual([404, 'Guardian not found.']);
    const ofAdmin = await list(admin, admin.id);
    expect([ofAdmin.statusCode, JSON.parse(ofAdmin.body).message]).toEqual([
      404,
      'Student not found.',
    ]);
    const ofNobody = await t.call('saveGuardian', admin.token, {
      user_id: 2_000_000_000,
      name: 'Nobody',
      email: 'n@example.com',
    });
    expect(ofNobody.statusCode).toBe(404);
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });

  it('holds at most five for one student', async () => {
    const fresh = await t.student();
    for (let i = 1; i <= 5; i += 1) {
      const res = await t.call('saveGuardian', admin.token, {
        user_id: fresh.id,
        name: `Guardian ${i}`,
        email: `g${i}@example.com`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await t.call('saveGuardian', admin.token, {
      user_id: fresh.id,
      name: 'Guardian 6',
      email: 'g6@example.com',
    });
    expect([sixth.statusCode, sixth.json().message]).toEqual([
      400,
      'A student has at most 5 guardians.',
    ]);
  });

  it("are read by the student's teacher, changed only by an administrator, refused to others", async () => {
    await t.call('saveGuardian', admin.token, {
      user_id: student.id,
      name: 'Read Me',
      phone: '+447700900555',
    });
    const read = await list(ownTeacher);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().guardians.map((g: { name: string }) => g.name)).toContain('Read Me');

    const before = await snapshotData(t);
    // Another class's teacher: refused as naming nothing of theirs (issue 29), like a stranger.
    const outside = await list(otherTeacher);
    expect(outside.body).not.toContain('Read Me');
    expect(outside.statusCode).toBe(403);
    expect((await list(otherTeacher, 2_000_000_000)).json()).toEqual(outside.json());
    const write = await t.call('saveGuardian', ownTeacher.token, {
      user_id: student.id,
      name: 'By Teacher',
      phone: '+447700900556',
    });
    expect(write.statusCode).toBe(403);
    const gone = read.json().guardians[0]?.id as number;
    const remove = await t.call('deleteGuardian', ownTeacher.token, {
      user_id: student.id,
      guardian_id: gone,
    });
    expect(remove.statusCode).toBe(403);
    for (const as of [student, other]) expect((await list(as)).statusCode).toBe(403);
    expect(changesBetween(before, await snapshotData(t))).toEqual([]);
  });
});

describe('which messages go to guardians', () => {
  it('are absence warnings, results and payments by default, and the academy chooses others', async () => {
    // Payments (issue 52): a guardian is most often who pays.
    expect((await t.call('getGuardianKinds', admin.token, {})).json()).toEqual({
      success: true,
      kinds: ['attendance', 'results', 'payments'],
      defaults: ['attendance', 'results', 'payments'],
    });
    const saved = await t.call('saveGuardianKinds', admin.token, {
      kinds: ['results', 'announcement', 'results'],
    });
    expect(saved.json().message).toBe(
      'Guardians will be sent: messages from the academy, published results.',
    );
    expect((await t.call('getGuardianKinds', admin.token, {})).json().kinds).toEqual([
      'announcement',
      'results',
    ]);
    const none = await t.call('saveGuardianKinds', admin.token, { kinds: [] });
    expect(none.json().message).toBe('Guardians will be sent no messages.');
    expect((await t.call('getGuardianKinds', admin.token, {})).json().kinds).toEqual([]);

    const bad = await t.callUnchecked('saveGuardianKinds', admin.token, { kinds: ['gossip'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Each kind must be one of announcement, assignment, reminder, feedback, attendance, results, payments.',
    );
    expect((await t.call('getGuardianKinds', ownTeacher.token, {})).statusCode).toBe(403);
  });

  it('decide which notifications queue a guardian’s SMS and e-mail', async () => {
    await t.call('saveSmsGateway', admin.token, EXAMPLE_GATEWAY);
    const kid = await t.student();
    const guardian = (
      await t.call('saveGuardian', admin.token, {
        user_id: kid.id,
        name: 'Parent',
        phone: '+447700900600',
      })
    ).json().id as number;
    const guardianRows = () =>
      t.database.db
        .selectFrom('outbox')
        .select(['kind', 'channel'])
        .where('guardian_id', '=', guardian)
        .execute();

    await t.call('saveGuardianKinds', admin.token, { kinds: ['attendance'] });
    await t.call('addNotification', admin.token, { user_id: String(kid.id), message: 'Hi' });
    expect(await guardianRows()).toEqual([]);

    await t.call('saveGuardianKinds', admin.token, { kinds: ['announcement'] });
    await t.call('addNotification', admin.token, { user_id: String(kid.id), message: 'Hi again' });
    expect(await guardianRows()).toEqual([{ kind: 'announcement', channel: 'sms' }]);

    // A guardian removed takes what waited for them along.
    await t.call('deleteGuardian', admin.token, { user_id: kid.id, guardian_id: guardian });
    expect(await guardianRows()).toEqual([]);
  });
});
