import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Staff read their own notifications (issue 49, point 3: a student at the absence warning is
 * told to the class's teachers and the administrators): a teacher and an administrator each
 * list, and mark read, only their own; nobody reads a staff member's list but that person.
 */
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;

const list = (reader: TestUser, userId = reader.id, query = '') =>
  t.inject({
    method: 'GET',
    url: `/api/get_notifications.php?user_id=${userId}${query}`,
    headers: bearer(reader.token),
  });
const messages = async (reader: TestUser, query = '') =>
  ((await list(reader, reader.id, query)).json().notifications as { message: string }[]).map(
    (n) => n.message,
  );

async function notice(to: TestUser, message: string) {
  await t.database.db
    .insertInto('notifications')
    .values({
      user_id: to.id,
      message,
      created_at: t.clock.now,
      read_at: null,
      sending_id: null,
      topic: 'attendance',
      ref_id: null,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Ada Admin' });
  otherAdmin = await t.admin({ name: 'Otto Admin' });
  teacher = await t.teacher({ name: 'Tess Teacher' });
  otherTeacher = await t.teacher({ name: 'Theo Teacher' });
  student = await t.student({ name: 'Sam Student' });
  for (const who of [admin, otherAdmin, teacher, otherTeacher, student])
    await notice(who, `For ${who.name}`);
});
afterAll(() => t.close());

describe("staff's own notifications", () => {
  it('lists a teacher and an administrator their own, and only theirs', async () => {
    expect(await messages(teacher)).toEqual(['For Tess Teacher']);
    expect(await messages(admin)).toEqual(['For Ada Admin']);
    expect(await messages(teacher, '&only_unread=1')).toEqual(['For Tess Teacher']);
  });

  it("refuses a teacher another staff member's list, and an administrator a staff member's", async () => {
    for (const [reader, other] of [
      [teacher, otherTeacher],
      [teacher, admin],
      [admin, teacher],
      [admin, otherAdmin],
    ] as const) {
      const res = await list(reader, other.id);
      expect(res.statusCode, `${reader.name} reading ${other.name}`).toBe(403);
      expect(res.body).not.toContain(`For ${other.name}`);
    }
    // A student's list is still the administrator's to read, as before.
    expect((await list(admin, student.id)).json().notifications[0].message).toBe('For Sam Student');
  });

  it('marks only their own read', async () => {
    const own = (await list(teacher)).json().notifications[0].id as number;
    const others = (await list(otherTeacher)).json().notifications[0].id as number;
    const marking = await t.callUnchecked('markNotificationRead', teacher.token, {
      notification_id: String(others),
    });
    expect(marking.statusCode).toBe(404);
    expect(await messages(otherTeacher, '&only_unread=1')).toEqual(['For Theo Teacher']);

    const marked = await t.call('markNotificationRead', teacher.token, {
      notification_id: String(own),
    });
    expect(marked.json()).toEqual({ success: true });
    expect(await messages(teacher, '&only_unread=1')).toEqual([]);

    const all = await t.call('markAllNotificationsRead', admin.token, {});
    expect(all.json()).toMatchObject({ marked: 1 });
    expect(await messages(admin, '&only_unread=1')).toEqual([]);
    expect(await messages(otherAdmin, '&only_unread=1')).toEqual(['For Otto Admin']);
    expect(await messages(otherTeacher, '&only_unread=1')).toEqual(['For Theo Teacher']);
  });
});
