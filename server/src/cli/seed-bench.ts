import '../runtime-check.js';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ROLE_ID, TOKEN_TTL_MS } from '@academy/contract/constants';
import type { Mark } from '@academy/contract/roll-rules';
import { type Insertable, sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import { ConfigError, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { addDays, dayInZone } from '../db/time.js';
import { activeStudentIdsOfClass } from '../domain/classes.js';
import { saveTerm, termOf } from '../domain/terms.js';
import { sendAssignment } from '../features/assignments/assignments-data.js';
import { addClassStudents, createClass, updateClass } from '../features/classes/classes-data.js';
import { settleCorrectedAt } from '../features/corrections/corrections-data.js';
import { academyTeller } from '../features/messages/tell-service.js';
import { sendNotification } from '../features/notifications/sending-notifications.js';
import { readScheme, saveScheme } from '../features/results/scheme-data.js';
import { saveRoll } from '../features/roll/roll-data.js';
import { defaultsOf, readSettings } from '../features/settings/settings-data.js';
import { addToTimetable } from '../features/timetable/timetable-data.js';
import { newStorageKey } from '../storage/local-storage.js';
import { openFileStorage } from '../storage/open-storage.js';

/**
 * npm run seed:bench — a realistic academy for the benchmarks: 10,000 students, 1,000,000
 * notifications, 200,000 flashcards, 100,000 assignments, 50,000 submissions with files, a
 * schedule for everyone, 40 classes with sent items (assignments and notifications sent to a
 * class, some read), a term of class sessions with their rolls (issue 29: 40 past sessions a
 * class in use, three still to take today, and a Grid Class of 40 students by 40 sessions),
 * 100 teachers teaching the classes, the current term holding those sessions and two classes'
 * results of it (issue 30: a Results Class of 40 and an Academy Class of 2,000, each with a
 * scheme of six components, every typed score, marked corrections and spoken replies), and
 * bearer tokens for the load test (bench/results/tokens.json: the students' and the teachers').
 * DATA_DIR defaults to bench/data; DATABASE_URL seeds PostgreSQL instead. Refuses a database
 * that already has users.
 */
const BENCH_ADMIN = { username: 'benchadmin', password: 'bench-admin-password' };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A spoken answer's stored bytes: a WebM header is all the seed needs (nothing plays them). */
const RECORDING = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

async function insertInBatches<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Iterable<Insertable<Database[T]>>,
  batchSize: number,
) {
  let batch: Insertable<Database[T]>[] = [];
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const chunk = batch;
    batch = [];
    await db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: one helper for every table.
      .values(chunk as any)
      .execute();
    total += chunk.length;
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return total;
}

/** A number in [0, 1) from an integer, the same every time (a 32-bit mix). */
function unit(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97) >>> 0;
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/**
 * A student's mark on a seeded roll: over the academy 85% present, 6% late, 7% absent and 2%
 * excused, but each student's lates and absences scaled by (p + 1)·u^p (mean 1, p = 6) for a
 * u of their own, so that most miss little and some miss much.
 */
function markOf(userId: number, sessionId: number): Mark {
  const p = 6;
  const scale = (p + 1) * unit(Math.imul(userId, 0x9e3779b1)) ** p;
  const r = unit(Math.imul(userId, 0x9e3779b1) + Math.imul(sessionId, 0x85ebca6b) + 1);
  if (r < 0.07 * scale) return 'absent';
  if (r < 0.13 * scale) return 'late';
  if (r < 0.13 * scale + 0.02) return 'excused';
  return 'present';
}

function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = Date.now();
  return work().then((result) => {
    console.log(`  ${label}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
    return result;
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '10000' },
      notifications: { type: 'string', default: '1000000' },
      tokens: { type: 'string', default: '5000' },
      classes: { type: 'string', default: '40' },
      sendings: { type: 'string', default: '100' },
      teachers: { type: 'string', default: '100' },
    },
  });
  const students = Number(values.students);
  const notifications = Number(values.notifications);
  const tokens = Number(values.tokens);
  const classes = Number(values.classes);
  const sendings = Number(values.sendings);
  const teachers = Number(values.teachers);
  const config = loadConfig({ DATA_DIR: 'bench/data', ...process.env });
  const { db } = await openDatabase(config);
  try {
    const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) {
      console.error(
        `The database at ${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR} already has users: seed an empty one.`,
      );
      return 1;
    }
    const now = Date.now();
    // The academy's zone: its settings' (an empty database has the environment's, their default).
    const settings = await readSettings(db, defaultsOf(config));
    const today = dayInZone(now, settings.timeZone);
    const started = Date.now();
    console.log(`Seeding ${config.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${config.DATA_DIR}`}:`);
    const batch = config.DATABASE_URL ? 2000 : 1000;

    const studentHash = await hashPassword('student-password');
    const adminHash = await hashPassword(BENCH_ADMIN.password);
    await timed(`${students} students and an admin`, () =>
      insertInBatches(
        db,
        'users',
        (function* () {
          yield {
            name: 'Bench Admin',
            username: BENCH_ADMIN.username,
            email: 'bench@example.com',
            password_hash: adminHash,
            role_id: ROLE_ID.admin,
            gender: 'male' as const,
            created_at: now,
            updated_at: now,
            last_seen_at: null,
          };
          for (let i = 1; i <= students; i++) {
            const n = String(i).padStart(5, '0');
            yield {
              name: `Student ${n}`,
              username: `student${n}`,
              email: `student${n}@example.com`,
              password_hash: studentHash,
              role_id: ROLE_ID.user,
              gender: (i % 2 ? 'female' : 'male') as 'male' | 'female',
              created_at: now,
              updated_at: now,
              last_seen_at: null,
            };
          }
        })(),
        batch,
      ),
    );
    // Ids are 1 (the admin) and 2..students+1.
    const studentId = (i: number) => 2 + (i % students);

    const issued: { user_id: number; token: string }[] = [];
    await timed(`${tokens} bearer tokens`, () =>
      insertInBatches(
        db,
        'auth_tokens',
        (function* () {
          for (let i = 0; i < tokens; i++) {
            const token = randomBytes(32).toString('base64url');
            issued.push({ user_id: studentId(i), token });
            yield {
              user_id: studentId(i),
              token_hash: createHash('sha256').update(token).digest('hex'),
              created_at: now,
              expires_at: now + TOKEN_TTL_MS,
              revoked_at: null,
            };
          }
        })(),
        batch,
      ),
    );

    const span = 180 * 24 * 60 * 60_000;
    await timed(`${notifications} notifications`, () =>
      insertInBatches(
        db,
        'notifications',
        (function* () {
          for (let i = 0; i < notifications; i++) {
            const createdAt = now - span + Math.floor((span * i) / notifications);
            // Older ones are read; the newest tenth mostly not.
            const isRead = i < notifications * 0.9 || i % 3 === 0 ? 1 : 0;
            yield {
              user_id: studentId(i * 7919),
              message: `Notification ${i}: please check the class board.`,
              created_at: createdAt,
              is_read: isRead,
              read_at: isRead ? createdAt + 3_600_000 : null,
            };
          }
        })(),
        batch,
      ),
    );

    await timed(`${students * 20} flashcards`, () =>
      insertInBatches(
        db,
        'flashcards',
        (function* () {
          for (let i = 0; i < students * 20; i++) {
            const level = 1 + (i % 6);
            yield {
              user_id: studentId(Math.floor(i / 20)),
              front_text: `word ${i}`,
              back_text: `meaning ${i}`,
              level,
              next_review_date: addDays(today, (i % 31) - 15),
              last_done_date: i % 4 ? addDays(today, -(i % 9)) : null,
              created_at: now,
              updated_at: now,
            };
          }
        })(),
        batch,
      ),
    );

    await timed(`${students * 10} assignments with a link each`, async () => {
      await insertInBatches(
        db,
        'assignments',
        (function* () {
          for (let i = 0; i < students * 10; i++) {
            const read = i % 4 !== 0;
            yield {
              user_id: studentId(i),
              title: `Assignment ${i}`,
              description: `Due in week ${1 + (i % 12)}`,
              created_at: now - (students * 10 - i) * 60_000,
              is_read: read ? 1 : 0,
              read_at: read ? now : null,
              created_by: 1,
            };
          }
        })(),
        batch,
      );
      await insertInBatches(
        db,
        'assignment_links',
        (function* () {
          for (let i = 1; i <= students * 10; i++)
            yield {
              assignment_id: i,
              position: 0,
              title: 'Worksheet',
              url: `https://docs.example.com/worksheet-${i}.pdf`,
            };
        })(),
        batch,
      );
    });

    const submissions = students * 5;
    await timed(`${submissions} submissions with a stored file each`, async () => {
      const storage = await openFileStorage(config);
      const keys: string[] = [];
      for (let i = 0; i < submissions; i++) {
        const key = newStorageKey();
        await storage.put(key, Readable.from([PDF]), PDF.length);
        keys.push(key);
      }
      await insertInBatches(
        db,
        'stored_files',
        keys.map((key, i) => ({
          storage_key: key,
          file_name: `work-${i}.pdf`,
          mime_type: 'application/pdf',
          size_bytes: PDF.length,
          uploaded_by: studentId(i),
          created_at: now,
        })),
        batch,
      );
      await insertInBatches(
        db,
        'submissions',
        (function* () {
          for (let i = 0; i < submissions; i++)
            yield {
              user_id: studentId(i),
              subject: `Homework ${i}`,
              description: 'Done',
              created_at: now - (submissions - i) * 60_000,
            };
        })(),
        batch,
      );
      await insertInBatches(
        db,
        'submission_files',
        (function* () {
          for (let i = 1; i <= submissions; i++)
            yield { submission_id: i, file_id: i, position: 0 };
        })(),
        batch,
      );
    });

    await timed(`${students * 2} corrections`, () =>
      insertInBatches(
        db,
        'corrections',
        (function* () {
          for (let i = 0; i < students * 2; i++)
            yield {
              user_id: studentId(i),
              title: `Correction ${i}`,
              description: 'Well done',
              created_at: now - (students * 2 - i) * 60_000,
              created_by: 1,
            };
        })(),
        batch,
      ).then(async (total) => {
        // Rows written directly: each submission's first answer, as the corrections module
        // keeps it for the corrections it sends.
        await settleCorrectedAt(db, 'every');
        return total;
      }),
    );

    await timed(`${students * 12} schedule sessions`, () =>
      insertInBatches(
        db,
        'schedule_sessions',
        (function* () {
          for (let s = 0; s < students; s++) {
            for (let n = 1; n <= 12; n++) {
              yield {
                user_id: studentId(s),
                session_number: n,
                session_day: 'Monday',
                session_date: addDays(today, (n - 10) * 7),
                session_time: '10:00 - 11:00',
                status: n <= 10 ? 'Held' : 'Next Session',
                created_at: now,
                updated_at: now,
              };
            }
          }
        })(),
        batch,
      ),
    );

    // Classes through the classes module, as the admin's screens make them: every student in
    // one class (student n in class n mod classes), every 20th in the next class too, and the
    // last tenth of the classes archived.
    const classIds: number[] = [];
    const archivedFrom = classes - Math.max(1, Math.floor(classes / 10));
    await timed(`${classes} classes of their students`, async () => {
      for (let c = 0; c < classes; c++) {
        const classId = await createClass(db, `Class ${String(c + 1).padStart(2, '0')}`, now);
        classIds.push(classId);
      }
      const members: number[][] = classIds.map(() => []);
      for (let n = 1; n <= students; n++) {
        members[n % classes]?.push(n + 1);
        if (n % 20 === 0) members[(n + 1) % classes]?.push(n + 1);
      }
      for (const [c, classId] of classIds.entries()) {
        await addClassStudents(db, classId, members[c] ?? [], now);
        if (c >= archivedFrom) await updateClass(db, classId, { archived: true }, now);
      }
    });

    const inUse = classIds.slice(0, archivedFrom);
    // Sent items through the assignments and notifications modules: `sendings` of each kind,
    // each to one class in use, an hour apart, then about two thirds of their rows read.
    await timed(
      `${sendings} assignments and ${sendings} notifications sent to a class`,
      async () => {
        const studentsOf = new Map<number, number[]>();
        for (const classId of inUse)
          studentsOf.set(classId, await activeStudentIdsOfClass(db, classId));
        for (let i = 0; i < sendings; i++) {
          const classId = inUse[i % inUse.length] as number;
          const className = `Class ${String(classIds.indexOf(classId) + 1).padStart(2, '0')}`;
          const to = {
            userIds: studentsOf.get(classId) ?? [],
            many: { words: className, classId },
          };
          const sentAt = now - (sendings - i) * 3_600_000;
          await sendAssignment(
            db,
            to,
            {
              title: `Class assignment ${i}`,
              description: `Due in week ${1 + (i % 12)}`,
              links: [{ title: 'Worksheet', url: `https://docs.example.com/class-${i}.pdf` }],
              adminId: 1,
            },
            sentAt,
            academyTeller(
              () => settings.outbox,
              () => sentAt,
            ),
          );
          await sendNotification(
            db,
            to,
            `Class notice ${i}: read the class board.`,
            1,
            () => sentAt + 60_000,
            academyTeller(
              () => settings.outbox,
              () => sentAt + 60_000,
            ),
          );
        }
        for (const table of ['assignments', 'notifications'] as const)
          await db
            .updateTable(table)
            .set({ is_read: 1, read_at: now })
            .where('sending_id', 'is not', null)
            .where(sql<boolean>`(user_id + sending_id) % 3 <> 0`)
            .execute();
      },
    );

    // Issue 29: a Grid Class of 40 students (the first 40, each also in a class of their own),
    // the size the class page's attendance grid is measured at, made after the sent items so
    // that those stay as they were.
    const gridStudents = Array.from({ length: Math.min(40, students) }, (_, i) => i + 2);
    const gridClassId = await timed(`a Grid Class of ${gridStudents.length} students`, async () => {
      const id = await createClass(db, 'Grid Class', now);
      await addClassStudents(db, id, gridStudents, now);
      return id;
    });

    // Teachers (role 3), each teaching one class in use (two or three to a class); the first
    // teaches the Grid Class too. Their tokens go beside the students' in tokens.json.
    const teacherTokens: { user_id: number; token: string }[] = [];
    const teachersOf = new Map<number, number[]>();
    await timed(`${teachers} teachers teaching the classes`, async () => {
      const firstId = students + 2;
      await insertInBatches(
        db,
        'users',
        (function* () {
          for (let i = 1; i <= teachers; i++) {
            const n = String(i).padStart(3, '0');
            yield {
              name: `Teacher ${n}`,
              username: `teacher${n}`,
              email: `teacher${n}@example.com`,
              password_hash: studentHash,
              role_id: ROLE_ID.teacher,
              gender: (i % 2 ? 'male' : 'female') as 'male' | 'female',
              created_at: now,
              updated_at: now,
              last_seen_at: null,
            };
          }
        })(),
        batch,
      );
      const made = await db
        .selectFrom('users')
        .select('id')
        .where('role_id', '=', ROLE_ID.teacher)
        .orderBy('id')
        .execute();
      if (made[0] && made[0].id !== firstId)
        throw new Error(`The teachers' ids start at ${made[0].id}, not ${firstId}.`);
      const teaching: { class_id: number; teacher_id: number; added_at: number }[] = [];
      for (const [i, { id }] of made.entries()) {
        const classId = inUse[i % inUse.length] as number;
        teaching.push({ class_id: classId, teacher_id: id, added_at: now });
        if (i === 0) teaching.push({ class_id: gridClassId, teacher_id: id, added_at: now });
      }
      await insertInBatches(db, 'class_teachers', teaching, batch);
      for (const { class_id, teacher_id } of teaching)
        teachersOf.set(class_id, [...(teachersOf.get(class_id) ?? []), teacher_id]);
      await insertInBatches(
        db,
        'auth_tokens',
        made.map(({ id }) => {
          const token = randomBytes(32).toString('base64url');
          teacherTokens.push({ user_id: id, token });
          return {
            user_id: id,
            token_hash: createHash('sha256').update(token).digest('hex'),
            created_at: now,
            expires_at: now + TOKEN_TTL_MS,
            revoked_at: null,
          };
        }),
        batch,
      );
    });

    // A term's timetable through the timetable's own function (each member's schedule gets a
    // row naming each session, as the admin's pattern gives it): twice a week for the 20 weeks
    // before today, and, for the classes in use, three sessions today whose rolls are not taken
    // (bench:day's teachers take them). The Grid Class has its 40 past sessions only.
    // Issue 30: the academy's current term, through the terms' own save, holding every seeded
    // class session (the earliest 138 days before today) and the weeks to come; the rolls
    // below and the results count within it.
    const benchTerm = await timed('the current term', async () => {
      const saved = await saveTerm(
        db,
        { name: 'Bench Term', first_day: addDays(today, -140), last_day: addDays(today, 30) },
        now,
      );
      if (!('saved' in saved)) throw new Error('The bench term was refused.');
      return saved.saved;
    });

    const TERM_TIMES = ['09:00 - 10:30', '11:00 - 12:30', '14:00 - 15:30', '17:00 - 18:30'];
    const TODAY_TIMES = ['08:00 - 09:00', '13:00 - 14:00', '18:00 - 19:00'];
    const termDates = Array.from({ length: 20 }, (_, w) => [
      addDays(today, -7 * w - 2),
      addDays(today, -7 * w - 5),
    ]).flat();
    const termClasses = [...inUse, gridClassId];
    const membersOf = new Map<number, number[]>();
    const termSessions = await timed(
      `a term of ${termDates.length} sessions a class for ${termClasses.length} classes, ${TODAY_TIMES.length} today for ${inUse.length}`,
      async () => {
        const made: { classId: number; id: number }[] = [];
        for (const [c, classId] of termClasses.entries()) {
          const members = await activeStudentIdsOfClass(db, classId);
          membersOf.set(classId, members);
          const time = TERM_TIMES[c % TERM_TIMES.length] as string;
          const sessions = termDates.map((date) => ({ session_date: date, session_time: time }));
          if (classId !== gridClassId)
            for (const todayTime of TODAY_TIMES)
              sessions.push({ session_date: today, session_time: todayTime });
          await addToTimetable(db, classId, sessions, now);
          const past = await db
            .selectFrom('class_sessions')
            .select('id')
            .where('class_id', '=', classId)
            .where('session_date', '<', today)
            .orderBy('session_date')
            .execute();
          for (const { id } of past) made.push({ classId, id });
        }
        return made;
      },
    );

    // Each past session's roll through the roll's own save (one transaction a roll: marks,
    // Held or Missed in each schedule, the notice to a student whose standing it raises), by
    // the class's first teacher, in date order. Marks are deterministic: 85% present, 6% late,
    // 7% absent, 2% excused over the term, the lates and absences gathered on some students
    // (a student's share of them is (p + 1)·u^p times the mean for a u of their own, p = 6),
    // as absences are in life.
    const rollCounts = await timed(`${termSessions.length} rolls taken`, async () => {
      const counts: Record<Mark, number> = { present: 0, late: 0, absent: 0, excused: 0 };
      const term = await termOf(db, today);
      for (const { classId, id } of termSessions) {
        const members = membersOf.get(classId) ?? [];
        const marks = members.flatMap((userId) => {
          const mark = markOf(userId, id);
          counts[mark] += 1;
          return mark === 'present' ? [] : [{ user_id: userId, mark, note: '' }];
        });
        const outcome = await saveRoll(db, {
          sessionId: id,
          marks,
          by: teachersOf.get(classId)?.[0] ?? 1,
          now,
          today,
          timeZone: settings.timeZone,
          rules: settings.rollRules,
          tell: academyTeller(
            () => settings.outbox,
            () => now,
          ),
          term,
        });
        if ('refused' in outcome) throw new Error(`The roll of session ${id} was refused.`);
      }
      return counts;
    });
    const marked = Object.values(rollCounts).reduce((a, b) => a + b, 0);
    console.log(
      `    ${marked} marks: ${Object.entries(rollCounts)
        .map(([mark, n]) => `${mark} ${((100 * n) / Math.max(1, marked)).toFixed(1)}%`)
        .join(', ')}`,
    );

    // Issue 30: two classes' results of the term, the sizes bench:lists measures the sheet at:
    // a Results Class of 40 (students 41–80, each also in their own class) and an Academy
    // Class of 2,000 (every fifth student: the academy's term in one sheet), each taught by a
    // seeded teacher (the second and the third), with a term of 40 sessions whose rolls are
    // taken as above, its own scheme of six components, a typed score for every member on each
    // typed component, and the marks the computed ones read: the term's corrections (3 of 4 of
    // the seeded ones, and 6 more per member across the term) and the replies to 4 spoken
    // questions (about 85% of members answered each). After the rolls of the other classes,
    // so that those stay as they were.
    const RESULT_COMPONENTS = [
      { name: 'Class activity', weight: 15, source: 'activity', final: false },
      { name: 'Midterm', weight: 20, source: 'typed', final: false },
      { name: 'Project', weight: 15, source: 'typed', final: false },
      { name: 'Attendance', weight: 10, source: 'attendance', final: false },
      { name: 'Final written', weight: 25, source: 'typed', final: true },
      { name: 'Final oral', weight: 15, source: 'oral', final: true },
    ] as const;
    const firstTeacher = students + 2;
    const resultClasses = [
      {
        name: 'Results Class',
        members: [...new Set(Array.from({ length: 40 }, (_, i) => studentId(40 + i)))],
        teacher: teachers >= 2 ? firstTeacher + 1 : 1,
        time: TERM_TIMES[1] as string,
      },
      {
        name: 'Academy Class',
        members: [...new Set(Array.from({ length: 2000 }, (_, i) => studentId(5 * i)))],
        teacher: teachers >= 3 ? firstTeacher + 2 : 1,
        time: TERM_TIMES[2] as string,
      },
    ];
    // A student's level (45–95) and their score on a piece of work around it, in hundredths.
    const levelOf = (userId: number) => 45 + 50 * unit(Math.imul(userId, 0x27d4eb2d) + 7);
    const scoreOf = (userId: number, salt: number) =>
      Math.max(
        0,
        Math.min(
          10000,
          Math.round(
            100 * (levelOf(userId) + 24 * (unit(Math.imul(userId, 0x165667b1) + salt) - 0.5)),
          ),
        ),
      );
    await timed(
      `the results of a class of ${resultClasses[0]?.members.length} and one of ${resultClasses[1]?.members.length}`,
      async () => {
        const term = await termOf(db, today);
        let rolls = 0;
        let typed = 0;
        for (const rc of resultClasses) {
          const classId = await createClass(db, rc.name, now);
          await addClassStudents(db, classId, rc.members, now);
          await db
            .insertInto('class_teachers')
            .values({ class_id: classId, teacher_id: rc.teacher, added_at: now })
            .execute();
          await addToTimetable(
            db,
            classId,
            termDates.map((date) => ({ session_date: date, session_time: rc.time })),
            now,
          );
          const sessions = await db
            .selectFrom('class_sessions')
            .select('id')
            .where('class_id', '=', classId)
            .orderBy('session_date')
            .execute();
          for (const { id } of sessions) {
            const outcome = await saveRoll(db, {
              sessionId: id,
              marks: rc.members.flatMap((userId) => {
                const mark = markOf(userId, id);
                return mark === 'present' ? [] : [{ user_id: userId, mark, note: '' }];
              }),
              by: rc.teacher,
              now,
              today,
              timeZone: settings.timeZone,
              rules: settings.rollRules,
              tell: academyTeller(
                () => settings.outbox,
                () => now,
              ),
              term,
            });
            if ('refused' in outcome) throw new Error(`The roll of session ${id} was refused.`);
            rolls += 1;
          }
          const saved = await saveScheme(db, classId, RESULT_COMPONENTS);
          if ('refused' in saved) throw new Error(`The scheme was refused: ${saved.refused}`);
          const { components } = await readScheme(db, classId);
          const keys = components.filter((c) => c.source === 'typed').map((c) => c.key);
          typed += await insertInBatches(
            db,
            'result_scores',
            rc.members.flatMap((userId) =>
              keys.map((key, k) => ({
                term_id: benchTerm,
                class_id: classId,
                user_id: userId,
                component_key: key,
                hundredths: scoreOf(userId, 100 + k),
                updated_at: now,
                updated_by: rc.teacher,
              })),
            ),
            batch,
          );
        }
        const day = 86_400_000;
        // The seeded corrections (the last 14 days), 3 of 4 marked: out of 100, or of 20.
        await db
          .updateTable('corrections')
          .set({
            mark_out_of: sql<number>`case when id % 5 = 0 then 20 else 100 end`,
            mark_hundredths: sql<number>`case when id % 5 = 0 then 1000 + (id * 7919) % 1001 else 4000 + (id * 7919) % 6001 end`,
          })
          .where(sql<boolean>`id % 4 <> 0`)
          .execute();
        // Six more marked corrections per member, 40 to 120 days ago: before every seeded
        // submission, so no submission's corrected state changes.
        const members = [...new Set(resultClasses.flatMap((rc) => rc.members))];
        const teacherOf = new Map(
          resultClasses.flatMap((rc) => rc.members.map((userId) => [userId, rc.teacher])),
        );
        const corrections = await insertInBatches(
          db,
          'corrections',
          (function* () {
            for (let k = 0; k < 6; k++)
              for (const userId of members) {
                const outOf = k % 3 === 2 ? 20 : 100;
                yield {
                  user_id: userId,
                  title: `Term work ${k + 1}`,
                  description: 'Marked.',
                  created_at: now - (120 - 16 * k) * day + userId * 1000,
                  created_by: teacherOf.get(userId) ?? 1,
                  mark_hundredths: Math.round((scoreOf(userId, 200 + k) * outOf) / 100),
                  mark_out_of: outOf,
                };
              }
          })(),
          batch,
        );
        // Four spoken questions, a week open each, 16 to 4 weeks ago; about 85% of the members
        // answered each (a stored recording each) and every answer has a marked reply.
        const storage = await openFileStorage(config);
        const answers: { question: number; userId: number; at: number; key: string }[] = [];
        for (let q = 0; q < 4; q++) {
          const opens = now - (112 - 28 * q) * day;
          const { id: question } = await db
            .insertInto('speaking_questions')
            .values({
              question_text: `Term question ${q + 1}: tell us about your week.`,
              start_time: opens,
              end_time: opens + 7 * day,
              created_at: opens,
              updated_at: opens,
              created_by: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const userId of members) {
            if (unit(Math.imul(userId, 0x2545f491) + q) >= 0.85) continue;
            const key = newStorageKey();
            await storage.put(key, Readable.from([RECORDING]), RECORDING.length);
            answers.push({ question, userId, at: opens + (userId % 6) * day, key });
          }
        }
        const [{ last = 0 } = {}] = await db
          .selectFrom('stored_files')
          .select((eb) => eb.fn.max('id').as('last'))
          .execute();
        await insertInBatches(
          db,
          'stored_files',
          answers.map((a) => ({
            storage_key: a.key,
            file_name: 'answer.webm',
            mime_type: 'audio/webm',
            size_bytes: RECORDING.length,
            uploaded_by: a.userId,
            created_at: a.at,
            duration_ms: 30_000,
          })),
          batch,
        );
        const fileIds = new Map(
          (
            await db
              .selectFrom('stored_files')
              .select(['id', 'storage_key'])
              .where('id', '>', Number(last))
              .execute()
          ).map((f) => [f.storage_key, f.id]),
        );
        await insertInBatches(
          db,
          'speaking_answers',
          answers.map((a, i) => {
            const outOf = i % 4 === 0 ? 10 : 100;
            return {
              question_id: a.question,
              user_id: a.userId,
              file_id: fileIds.get(a.key) as number,
              created_at: a.at,
              reply_text: 'Well said.',
              replied_at: a.at + day,
              reply_mark_hundredths: Math.round((scoreOf(a.userId, 300 + i) * outOf) / 100),
              reply_mark_out_of: outOf,
            };
          }),
          batch,
        );
        console.log(
          `    ${rolls} rolls, ${typed} typed scores, ${corrections} more corrections, ${answers.length} answers with a marked reply`,
        );
      },
    );

    // PostgreSQL plans by its statistics and counts from the index alone only on rows its
    // visibility map knows: give the fresh tables both, as autovacuum would in a while.
    // (The seeded tables only: a bare VACUUM would go through every schema of the database.)
    const seeded = [
      'users',
      'auth_tokens',
      'notifications',
      'flashcards',
      'assignments',
      'assignment_links',
      'stored_files',
      'submissions',
      'submission_files',
      'corrections',
      'schedule_sessions',
      'classes',
      'class_students',
      'sendings',
      'class_teachers',
      'class_sessions',
      'roll_marks',
      'terms',
      'result_scores',
      'speaking_questions',
      'speaking_answers',
    ];
    if (config.DATABASE_URL)
      await timed('vacuum analyze', () =>
        sql`vacuum analyze ${sql.join(seeded.map((t) => sql.table(t)))}`.execute(db),
      );

    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/tokens.json',
      JSON.stringify({ admin: BENCH_ADMIN, tokens: issued, teachers: teacherTokens }),
    );
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(0)} s. Tokens: bench/results/tokens.json`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
