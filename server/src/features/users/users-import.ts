import { randomInt } from 'node:crypto';
import { GENDERS, MIN_PASSWORD_LENGTH, ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';
import { type CsvStudent, looksLikeFormula } from './users-csv.js';

/**
 * Importing students from a CSV: every row checked (its cells, repeats inside the file, and
 * accounts that already have the username or e-mail), then all rows written in one
 * transaction, or none.
 */

/** A row with every problem named; [] when it can be imported. */
export interface CheckedStudent extends CsvStudent {
  problems: string[];
}

const USERNAME = /^[A-Za-z0-9._-]+$/;
const Email = z.email();

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
  if (length(s.username, 'username', 50) && !USERNAME.test(s.username))
    problems.push('username may use letters, numbers, dots, dashes and underscores only');
  if (length(s.email, 'e-mail', 200) && !Email.safeParse(s.email).success)
    problems.push('e-mail is not a valid address');
  if (!s.gender) problems.push('gender is missing (male or female)');
  else if (!(GENDERS as readonly string[]).includes(s.gender))
    problems.push('gender must be male or female');
  if (s.password) {
    if (s.password.length < MIN_PASSWORD_LENGTH)
      problems.push(`password is shorter than ${MIN_PASSWORD_LENGTH} characters`);
    else if (s.password.length > 200) problems.push('password is longer than 200 characters');
    // The credentials are handed out as CSV: such a password would be run by a spreadsheet,
    // or changed by the apostrophe that stops it.
    else if (looksLikeFormula(s.password))
      problems.push('password must not start with = + - or @ (a spreadsheet would run it)');
  }
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

const rowWords = (rows: number[]) =>
  rows.length === 1 ? `row ${rows[0]}` : `rows ${rows.join(', ')}`;

/** The usernames and e-mails (lower case) that accounts already have, among these. */
async function takenByAccounts(db: Db, students: CsvStudent[]) {
  const usernames = [...new Set(students.map((s) => s.username.toLowerCase()).filter(Boolean))];
  const emails = [...new Set(students.map((s) => s.email.toLowerCase()).filter(Boolean))];
  const taken = { usernames: new Set<string>(), emails: new Set<string>() };
  if (usernames.length === 0 && emails.length === 0) return taken;
  const rows = await db
    .selectFrom('users')
    .select([sql<string>`lower(username)`.as('username'), sql<string>`lower(email)`.as('email')])
    .where((eb) =>
      eb.or([
        ...(usernames.length ? [eb(sql<string>`lower(username)`, 'in', usernames)] : []),
        ...(emails.length ? [eb(sql<string>`lower(email)`, 'in', emails)] : []),
      ]),
    )
    .execute();
  for (const row of rows) {
    taken.usernames.add(row.username);
    taken.emails.add(row.email);
  }
  return taken;
}

/** Names every problem of every row: its cells, repeats in the file, and taken accounts. */
export async function checkStudents(db: Db, students: CsvStudent[]): Promise<CheckedStudent[]> {
  const sameUsername = repeats(students, (s) => s.username);
  const sameEmail = repeats(students, (s) => s.email);
  const taken = await takenByAccounts(db, students);
  return students.map((s) => {
    const problems = cellProblems(s);
    const usernameTwice = sameUsername(s);
    if (usernameTwice.length) problems.push(`username is repeated in ${rowWords(usernameTwice)}`);
    else if (taken.usernames.has(s.username.toLowerCase()))
      problems.push('username is already taken');
    const emailTwice = sameEmail(s);
    if (emailTwice.length) problems.push(`e-mail is repeated in ${rowWords(emailTwice)}`);
    else if (taken.emails.has(s.email.toLowerCase()))
      problems.push('e-mail is already used by another account');
    return { ...s, problems };
  });
}

/** Rows with problems, in words for a message: the first few, and how many more. */
export function describeProblems(rows: CheckedStudent[], shown = 5): string {
  const bad = rows.filter((r) => r.problems.length > 0);
  const listed = bad.slice(0, shown).map((r) => `row ${r.row}: ${r.problems.join('; ')}`);
  const more = bad.length > shown ? ` (and ${bad.length - shown} more rows)` : '';
  return `${listed.join('. ')}${more}.`;
}

/** Some rows cannot be imported; nothing was written. */
export class ImportRefused extends Error {
  constructor(readonly rows: CheckedStudent[]) {
    const bad = rows.filter((r) => r.problems.length > 0).length;
    super(
      `Nothing was imported: ${bad} of ${rows.length} rows have problems. ${describeProblems(rows)}`,
    );
  }
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

/**
 * Creates every student of checked rows as active students, in one transaction: all or none.
 * Rows are checked again inside it (an account may have been made since the preview), and a
 * unique index that still refuses one (made in between) rolls everything back and is named
 * like any other problem. Answers each student's username and password, generated where the
 * file gave none.
 */
export async function importStudents(
  db: Db,
  students: CsvStudent[],
  now: number,
): Promise<{ username: string; password: string }[]> {
  const withPasswords = students.map((s) => ({ ...s, password: s.password || generatePassword() }));
  // Hashing is the slow part (argon2id): done before the transaction, which stays short.
  const hashes = await Promise.all(withPasswords.map((s) => hashPassword(s.password)));
  const values = withPasswords.map((s, i) => ({
    name: s.name,
    username: s.username,
    email: s.email,
    password_hash: hashes[i] as string,
    role_id: ROLE_ID.user,
    gender: s.gender as UsersTable['gender'],
    created_at: now,
    updated_at: now,
    last_seen_at: null,
  }));
  try {
    await db.transaction().execute(async (trx) => {
      const checked = await checkStudents(trx, students);
      if (checked.some((r) => r.problems.length > 0)) throw new ImportRefused(checked);
      for (let i = 0; i < values.length; i += INSERT_CHUNK)
        await trx
          .insertInto('users')
          .values(values.slice(i, i + INSERT_CHUNK))
          .execute();
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    const checked = await checkStudents(db, students);
    if (checked.some((r) => r.problems.length > 0)) throw new ImportRefused(checked);
    throw error;
  }
  return withPasswords.map((s) => ({ username: s.username, password: s.password }));
}
