import { randomInt } from 'node:crypto';
import { GuardianFields } from '@academy/contract';
import { GENDERS, MIN_PASSWORD_LENGTH, ROLE_ID } from '@academy/contract/constants';
import { GUARDIAN_PHONE } from '@academy/contract/messages';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';
import { phoneOrProblem } from '../../domain/academy-phone.js';
import { looksLikeFormula } from '../../http/csv.js';
import { describeIssues } from '../../http/errors.js';
import { giveFutureSessions } from '../timetable/timetable-data.js';
import type { CsvStudent } from './users-csv.js';

/**
 * Importing students from a CSV: every row checked (its cells, repeats inside the file, and
 * the accounts already there), a username made where the file gives none. Rows whose student
 * already has an account are "already here" and left alone (a guardian in the row too); rows
 * with problems are skipped and named; the rest are imported (features/users/import-jobs.ts),
 * with the guardian a row names, all in one transaction.
 */

/** What the import does with a row ('repeat': an exact copy of an earlier row, imported once). */
export type RowStatus = 'new' | 'already_here' | 'problem' | 'repeat';

/** A row with every problem named ([] unless its status is 'problem'). */
export interface CheckedStudent extends CsvStudent {
  status: RowStatus;
  problems: string[];
  /** Whether the username was made from the name or e-mail (the file gave none). */
  usernameMade: boolean;
  /** The class in use the class column names (null when none). */
  classId: number | null;
  /** The guardian the row names, read as the Guardians card reads one; null: none (or problems). */
  guardianToAdd: GuardianFieldsOf | null;
  /** The earlier row this one copies exactly (status 'repeat'); null for every other row. */
  sameAs: number | null;
}

type GuardianFieldsOf = z.output<typeof GuardianFields>;

/** Whether the row fills any guardian cell: then it names a guardian, checked whole. */
const namesGuardian = (s: CsvStudent) =>
  s.guardian.name !== '' || s.guardian.phone !== '' || s.guardian.email !== '';

/**
 * The row's guardian, read by the rules and in the words of the Guardians card
 * (contract GuardianFields: a name, and a phone with its country code or an e-mail); or the
 * problems, each naming the guardian column it is about.
 */
function guardianOf(
  s: CsvStudent,
  phoneCountry: string | null,
): GuardianFieldsOf | null | string[] {
  if (!namesGuardian(s)) return null;
  if (roleIdOf(s) !== ROLE_ID.user)
    return ['a teacher has no guardians: leave the guardian cells empty'];
  const read = GuardianFields.safeParse(s.guardian);
  if (read.success) {
    // Its phone read in the academy's country, kept in E.164 (issue 49, point 17).
    const phone = phoneOrProblem(read.data.phone, phoneCountry, GUARDIAN_PHONE);
    return 'problem' in phone ? [phone.problem] : { ...read.data, phone: phone.phone };
  }
  return read.error.issues.map((issue) =>
    describeIssues([{ ...issue, path: [`guardian ${String(issue.path[0] ?? '')}`.trim()] }]),
  );
}

const USERNAME = /^[A-Za-z0-9._-]+$/;
const Email = z.email();

/** The roles an import makes, by the role column's word. */
const IMPORT_ROLES: Record<string, number> = { student: ROLE_ID.user, teacher: ROLE_ID.teacher };
const roleIdOf = (s: CsvStudent) => IMPORT_ROLES[s.role] ?? ROLE_ID.user;

/** The problems of one row's own cells. */
function cellProblems(s: CsvStudent): string[] {
  const problems = [...s.shapeProblems];
  const length = (value: string, what: string, max: number) => {
    if (!value) problems.push(`${what} is missing`);
    else if (value.length > max) problems.push(`${what} is longer than ${max} characters`);
    else return true;
    return false;
  };
  length(s.name, 'name', 100);
  if (s.username && s.username.length > 50) problems.push('username is longer than 50 characters');
  else if (s.username && !USERNAME.test(s.username))
    problems.push('username may use letters, numbers, dots, dashes and underscores only');
  if (length(s.email, 'e-mail', 200) && !Email.safeParse(s.email).success)
    problems.push('e-mail is not a valid address');
  // Not given ('') is allowed (issue 49): set later on the user's Edit.
  if (s.gender && !(GENDERS as readonly string[]).includes(s.gender))
    problems.push('gender must be male or female (M or F), or left empty');
  if (s.password) {
    if (s.password.length < MIN_PASSWORD_LENGTH)
      problems.push(`password is shorter than ${MIN_PASSWORD_LENGTH} characters`);
    else if (s.password.length > 200) problems.push('password is longer than 200 characters');
    // The credentials are handed out as CSV: such a password would be run by a spreadsheet,
    // or changed by the apostrophe that stops it.
    else if (looksLikeFormula(s.password))
      problems.push('password must not start with = + - or @ (a spreadsheet would run it)');
  }
  if (s.className.length > 100) problems.push('class is longer than 100 characters');
  if (!(s.role in IMPORT_ROLES)) problems.push('role must be student or teacher');
  return problems;
}

/** For each row, the other rows whose value (in lower case) is the same. */
function repeats(students: CsvStudent[], value: (s: CsvStudent) => string) {
  const rowsByValue = new Map<string, number[]>();
  for (const s of students) {
    const key = value(s).toLowerCase();
    if (!key) continue;
    rowsByValue.set(key, [...(rowsByValue.get(key) ?? []), s.row]);
  }
  return (s: CsvStudent) =>
    (rowsByValue.get(value(s).toLowerCase()) ?? []).filter((row) => row !== s.row);
}

/** Everything a row says, so two rows that say the same are one student (the e-mail's case aside). */
const rowKey = (s: CsvStudent) =>
  JSON.stringify([
    s.name,
    s.username.toLowerCase(),
    s.email,
    s.gender,
    s.password,
    s.className.toLowerCase(),
    s.role,
    s.guardian.name,
    s.guardian.phone,
    s.guardian.email.toLowerCase(),
    s.shapeProblems,
  ]);

/**
 * The rows that copy an earlier row exactly (a school's export often lists a student twice),
 * each with the first row it copies: they are imported once, with that row, and named.
 */
function exactRepeats(students: CsvStudent[]): Map<number, number> {
  const firstOf = new Map<string, number>();
  const sameAs = new Map<number, number>();
  for (const s of students) {
    const key = rowKey(s);
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, s.row);
    else sameAs.set(s.row, first);
  }
  return sameAs;
}

export const rowWords = (rows: number[]) =>
  rows.length === 1 ? `row ${rows[0]}` : `rows ${rows.join(', ')}`;

interface Account {
  username: string;
  email: string;
  role_id: number;
}

/** Accounts holding any of these usernames or e-mails (in any case), by both in lower case. */
async function accountsAmong(db: Db, students: CsvStudent[]) {
  const usernames = [...new Set(students.map((s) => s.username.toLowerCase()).filter(Boolean))];
  const emails = [...new Set(students.map((s) => s.email.toLowerCase()).filter(Boolean))];
  const byUsername = new Map<string, Account>();
  const byEmail = new Map<string, Account>();
  if (usernames.length === 0 && emails.length === 0) return { byUsername, byEmail };
  const rows = await db
    .selectFrom('users')
    .select([
      sql<string>`lower(username)`.as('username'),
      sql<string>`lower(email)`.as('email'),
      'role_id',
    ])
    .where((eb) =>
      eb.or([
        ...(usernames.length ? [eb(sql<string>`lower(username)`, 'in', usernames)] : []),
        ...(emails.length ? [eb(sql<string>`lower(email)`, 'in', emails)] : []),
      ]),
    )
    .execute();
  for (const row of rows) {
    byUsername.set(row.username, row);
    byEmail.set(row.email, row);
  }
  return { byUsername, byEmail };
}

/** The classes in use these names name, by name in lower case. */
async function classesNamed(db: Db, names: string[]) {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('classes')
    .select(['id', sql<string>`lower(name)`.as('name')])
    .where('is_archived', '=', 0)
    .where(sql<string>`lower(name)`, 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * A username from a name ("Sara Ahmadi" is sara.ahmadi; letters lose their accents) or,
 * when the name has no Latin letters or digits, from the e-mail before its @.
 */
function usernameBase(s: CsvStudent): string {
  const plain = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '')
      .slice(0, 40)
      .replace(/\.+$/, '');
  return plain(s.name) || plain(s.email.split('@')[0] ?? '') || 'student';
}

/** The usernames (lower case) accounts have that start with any of these bases. */
async function usernamesStartingWith(db: Db, bases: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const unique = [...new Set(bases)];
  // Bases are letters, digits and dots only: nothing LIKE would read as a wildcard.
  for (let i = 0; i < unique.length; i += 100) {
    const chunk = unique.slice(i, i + 100);
    const rows = await db
      .selectFrom('users')
      .select(sql<string>`lower(username)`.as('username'))
      .where((eb) =>
        eb.or(chunk.map((base) => eb(sql<string>`lower(username)`, 'like', `${base}%`))),
      )
      .execute();
    for (const row of rows) taken.add(row.username);
  }
  return taken;
}

/**
 * Names what the import would do with every row: 'problem' (each problem named: its cells,
 * repeats in the file, an account that has its username or e-mail, a class not in use),
 * 'already_here' (a student account with its e-mail, and its username when it gives one:
 * the same roster imported again), or 'new'. New rows without a username get one made from
 * the name or e-mail, unique among accounts and the file.
 */
export async function checkStudents(
  db: Db,
  allStudents: CsvStudent[],
  /** The country local guardian numbers are read in (settings' phoneCountry); null: none. */
  phoneCountry: string | null = null,
): Promise<CheckedStudent[]> {
  const sameAs = exactRepeats(allStudents);
  // An exact copy is checked as its first row is, and is not a repeat of its username or e-mail.
  const students = allStudents.filter((s) => !sameAs.has(s.row));
  const sameUsername = repeats(students, (s) => s.username);
  const sameEmail = repeats(students, (s) => s.email);
  const { byUsername, byEmail } = await accountsAmong(db, students);
  const classes = await classesNamed(
    db,
    students.map((s) => s.className),
  );
  const checked: CheckedStudent[] = students.map((s) => {
    const problems = cellProblems(s);
    const withEmail = byEmail.get(s.email.toLowerCase());
    const alreadyHere =
      withEmail !== undefined &&
      withEmail.role_id === roleIdOf(s) &&
      (!s.username || withEmail.username === s.username.toLowerCase());
    const usernameTwice = sameUsername(s);
    if (usernameTwice.length) problems.push(`username is repeated in ${rowWords(usernameTwice)}`);
    else if (!alreadyHere && s.username && byUsername.has(s.username.toLowerCase()))
      problems.push('username is already taken by another account');
    const emailTwice = sameEmail(s);
    if (emailTwice.length) problems.push(`e-mail is repeated in ${rowWords(emailTwice)}`);
    else if (withEmail && !alreadyHere)
      problems.push(`e-mail is already used by another account (${withEmail.username})`);
    const classId = s.className ? (classes.get(s.className.toLowerCase()) ?? null) : null;
    if (s.className && classId === null)
      problems.push(`class "${s.className}" is not a class in use (create it first)`);
    const guardian = guardianOf(s, phoneCountry);
    if (Array.isArray(guardian)) problems.push(...guardian);
    const status: RowStatus =
      problems.length > 0 ? 'problem' : alreadyHere ? 'already_here' : 'new';
    const guardianToAdd = Array.isArray(guardian) ? null : guardian;
    return {
      ...s,
      // Its number as read (E.164): checked again before the write, it reads the same anywhere.
      guardian: guardianToAdd?.phone ? { ...s.guardian, phone: guardianToAdd.phone } : s.guardian,
      status,
      problems,
      usernameMade: false,
      classId,
      guardianToAdd,
      sameAs: null,
    };
  });

  const needing = checked.filter((r) => r.status === 'new' && !r.username);
  if (needing.length > 0) {
    const bases = needing.map(usernameBase);
    const taken = await usernamesStartingWith(db, bases);
    for (const r of checked) if (r.username) taken.add(r.username.toLowerCase());
    needing.forEach((r, i) => {
      const base = bases[i] ?? 'student';
      let username = base;
      for (let n = 2; taken.has(username); n += 1) username = `${base}${n}`;
      taken.add(username);
      r.username = username;
      r.usernameMade = true;
    });
  }
  const copies: CheckedStudent[] = allStudents.flatMap((s) => {
    const first = sameAs.get(s.row);
    const of = checked.find((r) => r.row === first);
    // The copy's own cells, with the username its first row has (made or given).
    return first === undefined || !of
      ? []
      : [
          {
            ...s,
            username: of.username,
            status: 'repeat' as const,
            problems: [],
            usernameMade: of.usernameMade,
            classId: of.classId,
            guardianToAdd: null,
            sameAs: first,
          },
        ];
  });
  // Bad rows first: they are what the administrator has to look at; then the file's order.
  const others = [...checked.filter((r) => r.status !== 'problem'), ...copies].sort(
    (a, b) => a.row - b.row,
  );
  return [...checked.filter((r) => r.status === 'problem'), ...others];
}

/** A row's guardian as the preview shows it: as read (its phone in E.164), else as typed. */
export function guardianShown(r: CheckedStudent) {
  if (r.guardianToAdd) return r.guardianToAdd;
  if (!namesGuardian(r)) return null;
  const { name, phone, email } = r.guardian;
  return { name, phone: phone || null, email: email || null };
}

/** The import's plan in words, naming the rows skipped and already here. */
export function summarise(rows: CheckedStudent[]): string {
  const of = (status: RowStatus) => rows.filter((r) => r.status === status).map((r) => r.row);
  const bad = of('problem');
  const here = of('already_here');
  const fresh = of('new');
  const copies = rows.filter((r) => r.status === 'repeat');
  const parts = [
    `${fresh.length} of ${rows.length} ${fresh.length === 1 ? 'student' : 'students'} will be imported.`,
  ];
  if (here.length)
    parts.push(
      `${here.length} already ${here.length === 1 ? 'has an account' : 'have accounts'} (${rowWords(here)}) and will be left as they are.`,
    );
  if (copies.length)
    parts.push(
      `${copies.length} ${copies.length === 1 ? 'row repeats another' : 'rows repeat others'} exactly (${copies.map((r) => `row ${r.row} repeats row ${r.sameAs}`).join(', ')}) and ${copies.length === 1 ? 'is' : 'are'} left out: each student is imported once.`,
    );
  if (bad.length)
    parts.push(
      `${bad.length} ${bad.length === 1 ? 'row has problems' : 'rows have problems'} (${rowWords(bad)}) and will be skipped; fix them and import the file again to add them.`,
    );
  return parts.join(' ');
}

/** Letters and digits without the ones read alike (0 O o, 1 l I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GENERATED_LENGTH = 12;

/** A random password of 12 letters and digits (about 69 bits), easy to read out and type. */
export function generatePassword(): string {
  let password = '';
  for (let i = 0; i < GENERATED_LENGTH; i += 1)
    password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/** How many rows go in one INSERT (well under both databases' limits on parameters). */
const INSERT_CHUNK = 200;

/** A new student ready to write: the row, its password and its hash. */
export interface HashedStudent {
  row: CheckedStudent;
  password: string;
  hash: string;
}

/** Rows that cannot be written after all (an account made since they were checked). */
export class ImportRefused extends Error {}

/**
 * Creates the new students as active students, with the guardian each row names, and puts
 * them in their classes (giving them each class's sessions not yet begun, as joining a class
 * does), in one transaction with `alsoWrite`: all or none. Rows are checked again inside it (an account may have been made
 * while the passwords were hashed): one that is no longer new refuses the whole write, as
 * does a unique index that still refuses one, and nothing is written.
 */
export async function writeStudents(
  db: Db,
  students: HashedStudent[],
  { now, today, timeZone }: { now: number; today: string; timeZone: string },
  /** Runs last inside the transaction (the job's outcome, written with the students). */
  alsoWrite: (trx: Db) => Promise<void>,
): Promise<void> {
  const values = students.map(({ row, hash }) => ({
    name: row.name,
    username: row.username,
    email: row.email,
    password_hash: hash,
    role_id: roleIdOf(row),
    gender: row.gender as UsersTable['gender'],
    created_at: now,
    updated_at: now,
    last_seen_at: null,
  }));
  const recheck = async (on: Db) => {
    const again = await checkStudents(
      on,
      students.map(({ row }) => ({ ...row, username: row.username })),
    );
    const changed = again.filter((r) => r.status !== 'new');
    if (changed.length > 0)
      throw new ImportRefused(
        `Nothing was imported: ${rowWords(changed.map((r) => r.row).sort((a, b) => a - b))} changed while the passwords were prepared (an account was made with the same username or e-mail, or a class was archived). Import the file again.`,
      );
  };
  try {
    await db.transaction().execute(async (trx) => {
      await recheck(trx);
      const idOf = new Map<string, number>();
      for (let i = 0; i < values.length; i += INSERT_CHUNK) {
        const chunk = values.slice(i, i + INSERT_CHUNK);
        await trx.insertInto('users').values(chunk).execute();
        const made = await trx
          .selectFrom('users')
          .select(['id', sql<string>`lower(username)`.as('username')])
          .where(
            sql<string>`lower(username)`,
            'in',
            chunk.map((v) => v.username.toLowerCase()),
          )
          .execute();
        for (const m of made) idOf.set(m.username, m.id);
      }
      // A student's class is one they are in; a teacher's, one they teach.
      const placed = (role: number) =>
        students.flatMap(({ row }) => {
          const id = idOf.get(row.username.toLowerCase());
          return row.classId !== null && id !== undefined && roleIdOf(row) === role
            ? [{ class_id: row.classId, id, added_at: now }]
            : [];
        });
      const places = placed(ROLE_ID.user).map(({ id, ...p }) => ({ ...p, user_id: id }));
      for (let i = 0; i < places.length; i += INSERT_CHUNK)
        await trx
          .insertInto('class_students')
          .values(places.slice(i, i + INSERT_CHUNK))
          .execute();
      const joining = new Map<number, number[]>();
      for (const p of places)
        joining.set(p.class_id, [...(joining.get(p.class_id) ?? []), p.user_id]);
      for (const [classId, userIds] of joining)
        await giveFutureSessions(trx, classId, userIds, today, now, timeZone);
      const guardians = students.flatMap(({ row }) => {
        const id = idOf.get(row.username.toLowerCase());
        return row.guardianToAdd && id !== undefined
          ? [{ student_id: id, ...row.guardianToAdd, created_at: now }]
          : [];
      });
      for (let i = 0; i < guardians.length; i += INSERT_CHUNK)
        await trx
          .insertInto('guardians')
          .values(guardians.slice(i, i + INSERT_CHUNK))
          .execute();
      const teaching = placed(ROLE_ID.teacher).map(({ id, ...p }) => ({ ...p, teacher_id: id }));
      for (let i = 0; i < teaching.length; i += INSERT_CHUNK)
        await trx
          .insertInto('class_teachers')
          .values(teaching.slice(i, i + INSERT_CHUNK))
          .execute();
      await alsoWrite(trx);
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    // A unique index refused a row made in between: named like any other change.
    await recheck(db);
    throw error;
  }
}
