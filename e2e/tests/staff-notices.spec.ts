import { expect, test } from '@playwright/test';
import { addAccount, admin, pageSignedIn, postOk, type SignedIn, signIn } from '../support.js';

/**
 * Issue 49, point 3, on a phone: the class's teacher takes a roll that brings a student to the
 * academy's absence warning (3 absences, the e2e server's settings), and reads it in the app:
 * the home's Your Notifications tile counts it unread, the screen lists it with a link to
 * Absence Warnings, and Mark all as read clears the count.
 */

const suffix = Date.now().toString(36);
const className = `Notices ${suffix}`;
const studentName = `Zz Notices ${suffix}`;
let adminLogin: SignedIn;
let teacherLogin: SignedIn;
let classId = 0;

/** A date `days` from today, YYYY-MM-DD (a week either way is clear of any time zone). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async ({ playwright }) => {
  adminLogin = await signIn(admin());
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = adminLogin.token;
  const studentId = await addAccount(api, token, {
    name: studentName,
    username: `notices_${suffix}`,
    password: 'student-password',
    roleId: '2',
  });
  const teacher = {
    name: `Nora Notices ${suffix}`,
    username: `nora_${suffix}`,
    password: 'teacher-password',
  };
  await addAccount(api, token, { ...teacher, roleId: '3' });
  teacherLogin = await signIn(teacher);

  classId = (await postOk(api, token, '/api/create_class.php', { data: { name: className } }))
    .class_id;
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: [studentId] },
  });
  await postOk(api, token, '/api/set_class_teachers.php', {
    data: { class_id: classId, teacher_ids: [teacherLogin.userId] },
  });
  // Three sessions a week or so ago; the student missed the first two.
  await postOk(api, token, '/api/save_class_schedule.php', {
    data: {
      class_id: classId,
      weekdays: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      first_date: dayFromToday(-9),
      count: 3,
      time: '18:00 - 19:30',
    },
  });
  const past = await (
    await api.get(`/api/get_class_sessions.php?class_id=${classId}&when=past`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  for (const session of past.sessions.slice(1))
    await postOk(api, token, '/api/save_roll.php', {
      data: { class_session_id: session.id, marks: [{ user_id: studentId, mark: 'absent' }] },
    });
  await api.dispose();
});

test("a roll bringing a student to the absence warning is in the class's teacher's notifications", async ({
  browser,
}) => {
  const { page } = await pageSignedIn(browser, teacherLogin);
  await page.goto(`/classes/${classId}`);
  const timetable = page.getByRole('region', { name: 'Timetable' });
  await timetable.getByLabel('Show').selectOption('past');
  await timetable.getByRole('link', { name: 'Take the roll' }).click();
  await expect(page.getByRole('heading', { name: `Roll: ${className}`, level: 1 })).toBeVisible();
  await page
    .getByRole('list', { name: 'Students' })
    .getByRole('group', { name: studentName })
    .getByRole('radio', { name: 'Absent' })
    .check();
  await page.getByRole('button', { name: 'Save roll' }).click();
  await expect(page.getByText(/^Roll saved:/)).toBeVisible();

  // The teacher's home counts it on their own notifications' tile.
  await page.goto('/teacher');
  const tile = page
    .getByRole('navigation', { name: 'Teacher screens' })
    .getByRole('link', { name: /^Your Notifications/ });
  await expect(tile).toHaveAccessibleName('Your Notifications 1 unread');
  await tile.click();

  const notice = `${studentName} (${className}) has 3 absences this term: the academy's absence warning.`;
  await expect(page.getByRole('heading', { name: 'Your Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText(notice)).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read (1 unread)' }).click();
  await expect(page.getByText('1 notification marked as read.')).toBeVisible();

  // Its link opens Absence Warnings, which lists the student.
  await page.getByRole('link', { name: 'Open Absence Warnings' }).click();
  await expect(
    page.getByRole('table', { name: 'Students at the absence warning' }).getByText(studentName),
  ).toBeVisible();

  // Read: the home's tile counts nothing now.
  await page.goto('/teacher');
  await expect(
    page
      .getByRole('navigation', { name: 'Teacher screens' })
      .getByRole('link', { name: /^Your Notifications/ }),
  ).toHaveAccessibleName('Your Notifications');
});
