import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ROLE_ID, TOKEN_TTL_MS } from '@academy/contract/constants';
import { type Insertable, sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import { ConfigError, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { addDays, dayInZone } from '../db/time.js';
import { sendAssignment } from '../features/assignments/assignments-data.js';
import {
  activeStudentIdsOfClass,
  addClassStudents,
  createClass,
  updateClass,
} from '../features/classes/classes-data.js';
import { settleCorrectedAt } from '../features/corrections/corrections-data.js';
import { sendNotification } from '../features/notifications/notifications-data.js';
import { defaultsOf, readSettings } from '../features/settings/settings-data.js';
import { newStorageKey } from '../storage/local-storage.js';
import { openFileStorage } from '../storage/open-storage.js';

/**
 * npm run seed:bench — a realistic academy for the benchmarks: 10,000 students, 1,000,000
 * notifications, 200,000 flashcards, 100,000 assignments, 50,000 submissions with files, a
 * schedule for everyone, 40 classes with sent items (assignments and notifications sent to a
 * class, some read), and bearer tokens for the load test (bench/results/tokens.json).
 * DATA_DIR defaults to bench/data; DATABASE_URL seeds PostgreSQL instead. Refuses a database
 * that already has users.
 */
const BENCH_ADMIN = { username: 'benchadmin', password: 'bench-admin-password' };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

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
    },
  });
  const students = Number(values.students);
  const notifications = Number(values.notifications);
  const tokens = Number(values.tokens);
  const classes = Number(values.classes);
  const sendings = Number(values.sendings);
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
    const today = dayInZone(now, (await readSettings(db, defaultsOf(config))).timeZone);
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

    // Sent items through the assignments and notifications modules: `sendings` of each kind,
    // each to one class in use, an hour apart, then about two thirds of their rows read.
    await timed(
      `${sendings} assignments and ${sendings} notifications sent to a class`,
      async () => {
        const inUse = classIds.slice(0, archivedFrom);
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
          );
          await sendNotification(
            db,
            to,
            `Class notice ${i}: read the class board.`,
            1,
            sentAt + 60_000,
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
    ];
    if (config.DATABASE_URL)
      await timed('vacuum analyze', () =>
        sql`vacuum analyze ${sql.join(seeded.map((t) => sql.table(t)))}`.execute(db),
      );

    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/tokens.json',
      JSON.stringify({ admin: BENCH_ADMIN, tokens: issued }),
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
