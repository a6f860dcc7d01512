import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 31, point 5: each person's private calendar address, read as a calendar app reads it,
 * by a real iCalendar parser (ical.js). The academy is in New York, whose clocks went back on
 * 2026-11-01: a session's wall time must become the right instant on either side.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let tess: TestUser;
/** Ana's and Ben's class, which Tess teaches; another class Tess does not. */
let classId: number;
let otherClassId: number;

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  /** ISO instants in UTC; a whole-day event's start is its date. */
  start: string;
  end: string | null;
  allDay: boolean;
  status: string | null;
  url: string | null;
}

/** Reads a feed as a calendar app does, with ical.js: every event, by start. */
function readFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const allDay = event.startDate.isDate;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? '',
      start: allDay ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      end: event.endDate ? event.endDate.toJSDate().toISOString() : null,
      allDay,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
    };
  });
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    version: calendar.getFirstPropertyValue('version'),
    events: events.sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid)),
  };
}

/** A new address for the user: its path on the app. */
async function newAddress(user: TestUser): Promise<string> {
  const res = await t.call('renewCalendarFeed', user.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().url).pathname;
}

const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: path, headers });

async function feedOf(user: TestUser) {
  const res = await fetchFeed(await newAddress(user));
  expect(res.statusCode, res.body).toBe(200);
  return readFeed(res.body);
}

const summaries = (feed: { events: FeedEvent[] }) => feed.events.map((e) => e.summary);

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body);
}

beforeAll(async () => {
  // The harness's clock: Sunday 2026-11-22, noon UTC (7 am in New York).
  t = await createTestApp({
    env: { ACADEMY_TZ: 'America/New_York', ACADEMY_NAME: 'Feed Academy' },
  });
  admin = await t.admin({ name: 'Feed Admin' });
  ana = await t.student({ name: 'Feed Ana' });
  ben = await t.student({ name: 'Feed Ben' });
  classId = (await ok(await t.call('createClass', admin.token, { name: 'Feed B1' }))).class_id;
  otherClassId = (await ok(await t.call('createClass', admin.token, { name: 'Feed C2' }))).class_id;
  await ok(
    await t.call('addClassStudents', admin.token, {
      class_id: classId,
      user_ids: [ana.id, ben.id],
    }),
  );
  tess = await t.teacher({ name: 'Feed Tess', classIds: [classId] });

  // Feed B1: Monday 2026-10-26 at 18:00 (summer time, before the clocks went back), then
  // Monday 2026-11-30 and Wednesday 2026-12-02 from 18:00 to 19:30 (winter time).
  await ok(
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Monday'],
      first_date: '2026-10-26',
      count: 1,
      time: '18:00',
    }),
  );
  await ok(
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Monday', 'Wednesday'],
      first_date: '2026-11-30',
      count: 2,
      time: '18:00 - 19:30',
    }),
  );
  await ok(
    await t.call('saveClassSchedule', admin.token, {
      class_id: otherClassId,
      weekdays: ['Tuesday'],
      first_date: '2026-12-01',
      count: 1,
      time: '09:00 - 10:00',
    }),
  );
  // The Wednesday session is cancelled.
  const sessions = (await ok(
    await t.call('getClassSessions', admin.token, { class_id: classId, when: 'upcoming' }),
  )) as { sessions: { id: number; session_date: string }[] };
  const wednesday = sessions.sessions.find((s) => s.session_date === '2026-12-02');
  await ok(
    await t.call('updateClassSession', admin.token, {
      class_id: classId,
      class_session_id: wednesday?.id ?? 0,
      cancelled: true,
    }),
  );

  // Ana's own sessions (after the class's three: numbers 4 on): an evening one in am/pm, one
  // whose time says nothing a calendar can use, one past the feed's year, one with no date.
  await ok(
    await t.call('saveSchedule', admin.token, {
      user_id: ana.id,
      schedule: [
        {
          session_number: 4,
          session_day: 'Saturday',
          session_date: '2026-12-05',
          session_time: '6:30 PM - 8 PM',
          status: 'Next Session',
        },
        {
          session_number: 5,
          session_day: 'Sunday',
          session_date: '2026-12-06',
          session_time: 'To be agreed',
          status: 'Next Session',
        },
        {
          session_number: 6,
          session_day: 'Saturday',
          session_date: '2028-01-01',
          session_time: '10:00',
          status: 'Next Session',
        },
        {
          session_number: 7,
          session_day: 'Monday',
          session_date: 'soon',
          session_time: '10:00',
          status: 'Next Session',
        },
      ],
    }),
  );
  await ok(
    await t.call('saveSchedule', admin.token, {
      user_id: ben.id,
      schedule: [
        {
          session_number: 4,
          session_day: 'Thursday',
          session_date: '2026-12-10',
          session_time: '07:15 - 08:15',
          status: 'Next Session',
        },
      ],
    }),
  );

  // Work: Ana's essay is due Friday 2026-12-04 at 17:00 in New York; a reading with no due
  // time; Ben's own essay.
  const send = (to: TestUser, title: string, due?: string) =>
    t.call('sendAssignment', admin.token, {
      user_id: String(to.id),
      title,
      description: `${title} description`,
      file_links: '[]',
      ...(due ? { due_at: due } : {}),
    });
  await ok(await send(ana, 'Ana essay', '2026-12-04T17:00'));
  await ok(await send(ana, 'Ana reading list'));
  await ok(await send(ben, 'Ben essay', '2026-12-03T09:00'));

  // Windows: an exam for everyone, a reading for Ben alone, a listening for Ana alone, a story
  // that ended long before the feed's days, a speaking question for everyone.
  const item = (
    kind: 'exam' | 'reading' | 'listening' | 'story',
    title: string,
    start: string,
    end: string,
    ids: number[] = [],
  ) =>
    t.call('saveSkillItem', admin.token, {
      kind,
      title,
      description: `${title} notes`,
      access_start: start,
      access_end: end,
      link_url: 'https://files.example.com/x.pdf',
      ...(ids.length ? { student_ids: JSON.stringify(ids) } : {}),
    });
  await ok(await item('exam', 'Winter exam', '2026-12-10T09:00', '2026-12-10T11:00'));
  await ok(await item('reading', 'Ben reading', '2026-12-11T09:00', '2026-12-11T10:00', [ben.id]));
  await ok(
    await item('listening', 'Ana listening', '2026-12-12T09:00', '2026-12-12T10:00', [ana.id]),
  );
  await ok(await item('story', 'Old story', '2026-01-01T09:00', '2026-01-02T09:00'));
  await ok(
    await t.call('saveSpeakingQuestion', admin.token, {
      question_text: 'Describe your favourite place in the city.',
      start_time: '2026-12-14T08:00',
      end_time: '2026-12-15T20:00',
    }),
  );
});
afterAll(() => t.close());

describe("a person's calendar address", () => {
  it('is made on request and shown once; the server keeps only its hash', async () => {
    const before = await t.call('getCalendarFeed', ana.token, {});
    expect(before.json()).toEqual({ success: true, feed: null });

    const made = await t.call('renewCalendarFeed', ana.token, {});
    expect(made.statusCode).toBe(200);
    const answer = made.json();
    expect(answer.message).toBe('Your calendar address is ready.');
    expect(answer.made_at).toBe('2026-11-22 12:00:00');
    // The address the person reached the app at.
    const url = new URL(answer.url);
    expect(`${url.protocol}//${url.hostname}`).toBe('http://localhost');
    const token = /^\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url.pathname)?.[1];
    expect(token, answer.url).toBeDefined();

    const status = await t.call('getCalendarFeed', ana.token, {});
    expect(status.json()).toEqual({
      success: true,
      feed: { made_at: '2026-11-22 12:00:00', last_read_at: null },
    });
    expect(status.body).not.toContain(String(token));

    // The database holds the SHA-256 of the token, never the token.
    const rows = await t.database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(String(token));
    const row = rows.find((r) => r.user_id === ana.id);
    expect(row?.token_hash).toBe(createHash('sha256').update(String(token)).digest('hex'));

    // Read by a calendar app: the read is noted.
    t.clock.now += 60_000;
    expect((await fetchFeed(url.pathname)).statusCode).toBe(200);
    expect((await t.call('getCalendarFeed', ana.token, {})).json().feed).toEqual({
      made_at: '2026-11-22 12:00:00',
      last_read_at: '2026-11-22 12:01:00',
    });
    t.clock.now -= 60_000;
  });

  it('answers text/calendar that a real iCalendar parser reads, for calendar apps to keep', async () => {
    const path = await newAddress(ana);
    const res = await fetchFeed(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const feed = readFeed(res.body);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR$/);
    expect(feed.version).toBe('2.0');
    expect(feed.name).toBe('Feed Academy');

    // Unchanged, the app is told so without the feed (304); a change gives a new version.
    const again = await fetchFeed(path, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const card = await t.call('sendAssignment', admin.token, {
      user_id: String(ana.id),
      title: 'Ana late task',
      description: 'One more',
      file_links: '[]',
      due_at: '2026-12-18T12:00',
    });
    expect(card.statusCode).toBe(200);
    const changed = await fetchFeed(path, { 'if-none-match': String(res.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(res.headers.etag);
    expect(summaries(readFeed(changed.body))).toContain('Due: Ana late task');

    // Compressed for an app that accepts it.
    const zipped = await fetchFeed(path, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(readFeed(gunzipSync(zipped.rawPayload).toString('utf8')).events.length).toBe(
      readFeed(changed.body).events.length,
    );
  });

  it("holds a student's sessions, due dates and windows at the academy's times, and nobody else's", async () => {
    const feed = await feedOf(ana);
    const of = (summary: string) => feed.events.find((e) => e.summary === summary);

    // The class's sessions: 18:00 in New York is 22:00 UTC in summer time, 23:00 in winter.
    expect(of('Feed B1 (session 1)')).toMatchObject({
      start: '2026-10-26T22:00:00.000Z',
      end: '2026-10-26T23:00:00.000Z',
      status: null,
      url: 'http://localhost:80/schedule',
    });
    expect(of('Feed B1 (session 2)')).toMatchObject({
      start: '2026-11-30T23:00:00.000Z',
      end: '2026-12-01T00:30:00.000Z',
    });
    // Cancelled: kept, so a calendar that has it shows it cancelled instead of keeping it.
    expect(of('Cancelled: Feed B1 (session 3)')).toMatchObject({
      start: '2026-12-02T23:00:00.000Z',
      status: 'CANCELLED',
      description: 'This session is cancelled.',
    });
    // Her own: 6:30 PM to 8 PM; a time it cannot read is the whole day, with the time in words.
    expect(of('Session 4')).toMatchObject({
      start: '2026-12-05T23:30:00.000Z',
      end: '2026-12-06T01:00:00.000Z',
    });
    expect(of('Session 5')).toMatchObject({
      allDay: true,
      start: '2026-12-06',
      description: 'Time: To be agreed',
    });
    // Past the feed's year, or with no date: not in it.
    expect(summaries(feed)).not.toContain('Session 6');
    expect(summaries(feed)).not.toContain('Session 7');

    // Her due dates (17:00 in New York), none for work without one.
    expect(of('Due: Ana essay')).toMatchObject({
      start: '2026-12-04T22:00:00.000Z',
      end: '2026-12-04T22:00:00.000Z',
      description: 'Ana essay description',
      url: 'http://localhost:80/download-assignment',
    });
    expect(summaries(feed).filter((s) => s.startsWith('Due: Ana reading'))).toEqual([]);

    // The windows open to her: the exam for everyone, her listening, the speaking question.
    expect(of('Exam: Winter exam')).toMatchObject({
      start: '2026-12-10T14:00:00.000Z',
      end: '2026-12-10T16:00:00.000Z',
      description: 'Winter exam notes',
      url: 'http://localhost:80/exam-page',
    });
    expect(of('Listening: Ana listening')?.start).toBe('2026-12-12T14:00:00.000Z');
    expect(of('Speaking: Describe your favourite place in the city.')).toMatchObject({
      start: '2026-12-14T13:00:00.000Z',
      end: '2026-12-16T01:00:00.000Z',
    });
    expect(summaries(feed)).not.toContain('Story: Old story');

    // Nothing of Ben's: his reading, his essay, his own session.
    const text = JSON.stringify(feed);
    for (const bens of ['Ben reading', 'Ben essay', '2026-12-10T12:15'])
      expect(text).not.toContain(bens);

    // Ben's feed has his, and not hers.
    const bensFeed = await feedOf(ben);
    expect(summaries(bensFeed)).toEqual(
      expect.arrayContaining(['Reading: Ben reading', 'Due: Ben essay', 'Session 4']),
    );
    expect(bensFeed.events.find((e) => e.summary === 'Session 4')?.start).toBe(
      '2026-12-10T12:15:00.000Z',
    );
    for (const hers of ['Ana essay', 'Ana listening', '6:30'])
      expect(JSON.stringify(bensFeed)).not.toContain(hers);
  });

  it('keeps the same UID for each event, so a calendar updates it instead of adding another', async () => {
    const first = await feedOf(ana);
    const uids = first.events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const uid of uids) expect(uid).toMatch(/^[a-z-]+-\d+@localhost$/);
    // A new address and a moved session: the same UIDs, the session at its new time.
    const sessions = (await ok(
      await t.call('getClassSessions', admin.token, { class_id: classId, when: 'upcoming' }),
    )) as { sessions: { id: number; session_date: string }[] };
    const monday = sessions.sessions.find((s) => s.session_date === '2026-11-30');
    await ok(
      await t.call('updateClassSession', admin.token, {
        class_id: classId,
        class_session_id: monday?.id ?? 0,
        session_time: '17:00 - 18:30',
      }),
    );
    const second = await feedOf(ana);
    expect(second.events.map((e) => e.uid).sort()).toEqual([...uids].sort());
    const moved = second.events.find((e) => e.summary === 'Feed B1 (session 2)');
    expect(moved?.uid).toBe(first.events.find((e) => e.summary === 'Feed B1 (session 2)')?.uid);
    expect(moved?.start).toBe('2026-11-30T22:00:00.000Z');
  });

  it('keeps what people typed as text: a title cannot end its event or add one', async () => {
    const before = (await feedOf(ana)).events.length;
    await ok(
      await t.call('sendAssignment', admin.token, {
        user_id: String(ana.id),
        title: 'Tricky\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected',
        description: 'Line one\nATTACH:https://evil.example/x',
        file_links: '[]',
        due_at: '2026-12-20T10:00',
      }),
    );
    const feed = await feedOf(ana);
    expect(feed.events.length).toBe(before + 1);
    const tricky = feed.events.find((e) => e.summary.startsWith('Due: Tricky'));
    expect(tricky?.summary).toContain('END:VEVENT');
    expect(tricky?.description).toBe('Line one\nATTACH:https://evil.example/x');
    expect(summaries(feed)).not.toContain('Injected');
  });

  it("holds a teacher's classes' sessions, and an administrator's every window", async () => {
    const feed = await feedOf(tess);
    expect(summaries(feed)).toEqual(['Feed B1', 'Feed B1', 'Cancelled: Feed B1']);
    expect(feed.events[0]).toMatchObject({ start: '2026-10-26T22:00:00.000Z' });
    expect(feed.events[2]).toMatchObject({ status: 'CANCELLED' });
    expect(feed.events[0]?.url).toMatch(/^http:\/\/localhost:80\/roll\/\d+$/);
    expect(JSON.stringify(feed)).not.toContain('Feed C2');

    const adminFeed = await feedOf(admin);
    expect(summaries(adminFeed)).toEqual([
      'Exam: Winter exam',
      'Reading: Ben reading',
      'Listening: Ana listening',
      'Speaking: Describe your favourite place in the city.',
    ]);
    expect(adminFeed.events[0]?.url).toBe('http://localhost:80/skill-content');
  });

  it('stops at once when a new address replaces it; an unknown address is the same 404', async () => {
    const old = await newAddress(ben);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const renewed = await t.call('renewCalendarFeed', ben.token, {});
    expect(renewed.json().message).toBe(
      'Your new calendar address is ready. The old one no longer works.',
    );
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, message: 'No such calendar.' });
    expect((await fetchFeed(new URL(renewed.json().url).pathname)).statusCode).toBe(200);

    for (const path of [
      `/api/calendar/${randomBytes(32).toString('base64url')}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${randomBytes(32).toString('base64url')}`,
      `/api/calendar/${randomBytes(32).toString('base64url')}.ics.ics`,
    ]) {
      const res = await fetchFeed(path);
      expect({ status: res.statusCode, body: res.json() }, path).toEqual({
        status: 404,
        body: gone.json(),
      });
    }
  });

  it("stops while the person's account is deactivated", async () => {
    const path = await newAddress(ben);
    await ok(await t.call('setUserActive', admin.token, { user_id: ben.id, active: 0 }));
    expect((await fetchFeed(path)).statusCode).toBe(404);
    await ok(await t.call('setUserActive', admin.token, { user_id: ben.id, active: 1 }));
    expect((await fetchFeed(path)).statusCode).toBe(200);
  });
});
