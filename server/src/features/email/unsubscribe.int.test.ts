import { standingMessage } from '@academy/contract/roll-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import {
  type ReceivedMail,
  sentTo,
  startTestSmtp,
  type TestSmtp,
} from '../../test-support/smtp.js';
import { choicesOfPerson } from '../messages/outbox-data.js';

/**
 * Issue 49: one-click unsubscribe (point 18, RFC 8058) and guardians written to as guardians
 * (point 16), with a real SMTP server on loopback reading the headers.
 */

let t: TestApp;
let admin: TestUser;
let smtp: TestSmtp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  smtp = await startTestSmtp();
  const saved = await t.call('saveEmailSettings', admin.token, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    user: '',
    sender_name: 'Bright English Academy',
    sender_address: 'office@bright.example',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailOf = (user: TestUser) => `${user.username}@example.com`;

/** The https address of the List-Unsubscribe header (and the header's raw text). */
function unsubscribeOf(received: ReceivedMail): string {
  const raw = received.mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  const url = /<(http[^>]+)>/.exec(raw)?.[1];
  expect(url, raw).toBeDefined();
  return url as string;
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

async function queue(userId: number, topic: 'attendance' | null, text: string) {
  await t.database.db
    .transaction()
    .execute((trx) => t.app.deps.tell(trx, { userId, topic, refId: null, text }));
  await t.app.deps.outbox.runOnce();
}

/** RFC 8058's POST, as a mail program sends it: no sign-in, the body `List-Unsubscribe=One-Click`. */
const oneClick = (url: string) =>
  t.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post with a signed https address', async () => {
    const student = await t.student();
    await queue(student.id, null, 'No class on Friday.');
    const received = await smtp.waitFor(sentTo(emailOf(student)));
    const url = unsubscribeOf(received);
    expect(url).toMatch(/^http:\/\/localhost:80\/api\/unsubscribe\.php\?token=[\w.-]+$/);
    expect(received.mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(received.mail.text).toContain(`Stop e-mails of this kind: ${url}`);
  });

  it('a GET shows a page with a button and changes nothing; a POST turns the kind off', async () => {
    const student = await t.student();
    await queue(student.id, null, 'Room change on Monday.');
    const url = unsubscribeOf(await smtp.waitFor(sentTo(emailOf(student))));

    // A mail scanner follows the link: the page asks, nothing is turned off.
    const page = await t.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop these e-mails');
    expect(page.body).toContain('Messages from the academy');
    expect((await choicesOfPerson(t.database.db, student.id)).kinds.announcement.email).toBe('now');

    const res = await oneClick(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message:
        'Done: no more e-mails of this kind (Messages from the academy). You can turn them on again on Messages in the app.',
    });
    const choices = await choicesOfPerson(t.database.db, student.id);
    expect(choices.kinds.announcement.email).toBe('off');
    expect(choices.kinds.attendance.email).toBe('now');

    // A second message of that kind is not sent by e-mail; another kind still is.
    await queue(student.id, null, 'Another announcement.');
    await queue(student.id, 'attendance', standingMessage('warning', 3, 4) ?? '');
    const rows = await t.database.db
      .selectFrom('outbox')
      .select('kind')
      .where('user_id', '=', student.id)
      .where('channel', '=', 'email')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['announcement', 'attendance']);
    const mails = smtp.received.filter(sentTo(emailOf(student)));
    expect(
      mails.map((m) => m.mail.text ?? '').some((x) => x.includes('Another announcement')),
    ).toBe(false);
  });

  it('refuses a tampered or cut token in plain words, changing nothing', async () => {
    const student = await t.student();
    await queue(student.id, null, 'Hello.');
    const url = unsubscribeOf(await smtp.waitFor(sentTo(emailOf(student))));
    const token = new URL(url).searchParams.get('token') ?? '';
    const other = await t.student();
    const tampered = [
      token.replace(/^\d+/, String(other.id)),
      token.replace('announcement', 'results'),
      token.slice(0, -2),
      'nonsense',
    ];
    for (const bad of tampered) {
      const res = await oneClick(`/api/unsubscribe.php?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(
        'This unsubscribe link is not complete or was changed. Open it again from the e-mail, or copy the whole link.',
      );
      const page = await t.inject({
        method: 'GET',
        url: `/api/unsubscribe.php?token=${encodeURIComponent(bad)}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This unsubscribe link is not complete or was changed.');
    }
    // Without One-Click in the body it is not RFC 8058's request.
    const bare = await t.inject({ method: 'POST', url: pathOf(url) });
    expect(bare.statusCode).toBeGreaterThanOrEqual(400);
    expect(bare.statusCode).toBeLessThan(500);
    for (const who of [student, other])
      expect((await choicesOfPerson(t.database.db, who.id)).kinds.announcement.email).toBe('now');
  });

  it("the page's button (a browser's form) answers a page", async () => {
    const student = await t.student();
    await queue(student.id, null, 'Form test.');
    const url = unsubscribeOf(await smtp.waitFor(sentTo(emailOf(student))));
    const token = new URL(url).searchParams.get('token') ?? '';
    const res = await t.inject({
      method: 'POST',
      url: '/api/unsubscribe.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: `token=${encodeURIComponent(token)}&List-Unsubscribe=One-Click`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Done: no more e-mails of this kind');
    expect((await choicesOfPerson(t.database.db, student.id)).kinds.announcement.email).toBe('off');
  });
});

describe('guardians', () => {
  async function guardianOf(student: TestUser, email: string) {
    const [row] = await t.database.db
      .insertInto('guardians')
      .values({
        student_id: student.id,
        name: 'Maryam Ahmadi',
        phone: null,
        email,
        created_at: t.clock.now,
        email_off: null,
      })
      .returning('id')
      .execute();
    return row?.id ?? -1;
  }

  it('are written to about the student (point 16), and unsubscribe themselves (point 18)', async () => {
    const student = await t.student({ name: 'Sara Ahmadi' });
    const guardian = await guardianOf(student, 'maryam@family.example');
    await queue(student.id, 'attendance', standingMessage('warning', 3, 4) ?? '');
    const received = await smtp.waitFor(sentTo('maryam@family.example'));
    expect(received.mail.subject).toBe(
      "Academy: Sara Ahmadi has 3 absences this term. The academy's limit…",
    );
    expect(received.mail.text).toContain(
      "Sara Ahmadi has 3 absences this term. The academy's limit is 4.",
    );
    expect(received.mail.text).not.toContain('You have');
    // The student's own e-mail still speaks to them.
    const own = await smtp.waitFor(sentTo(emailOf(student)));
    expect(own.mail.text).toContain('You have 3 absences this term.');

    const url = unsubscribeOf(received);
    expect(unsubscribeOf(own)).not.toBe(url);
    const res = await oneClick(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Done: no more e-mails of this kind (Absence warnings) will be sent to you.',
    );
    // Only that guardian's e-mail of that kind: the student's own choices are theirs.
    expect((await choicesOfPerson(t.database.db, student.id)).kinds.attendance.email).toBe('now');

    await queue(student.id, 'attendance', standingMessage('limit', 4, 4) ?? '');
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['guardian_id'])
      .where('user_id', '=', student.id)
      .where('channel', '=', 'email')
      .where('kind', '=', 'attendance')
      .execute();
    expect(rows.filter((r) => r.guardian_id === guardian)).toHaveLength(1);
    expect(rows.filter((r) => r.guardian_id === null)).toHaveLength(2);
  });

  it('a guardian removed since: the link says so (404)', async () => {
    const student = await t.student();
    const guardian = await guardianOf(student, 'gone@family.example');
    await queue(student.id, 'attendance', standingMessage('warning', 3, 4) ?? '');
    const url = unsubscribeOf(await smtp.waitFor(sentTo('gone@family.example')));
    await t.database.db.deleteFrom('outbox').where('guardian_id', '=', guardian).execute();
    await t.database.db.deleteFrom('guardians').where('id', '=', guardian).execute();
    const res = await oneClick(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no longer on the academy's list/);
  });
});
