import { normalEmail, withoutHidden } from '@academy/contract';
import { IMPORT_MAX_ROWS } from '@academy/contract/constants';
import Papa from 'papaparse';

/**
 * CSV in and out for the users' import and export, with papaparse on the server: the file is
 * read once, where it is also checked, so the browser and the server cannot read it apart.
 */

/** A student as one CSV row gives them, every cell trimmed ('' when missing). */
export interface CsvStudent {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  /** The name column, or the first and last names joined; hidden characters removed. */
  name: string;
  username: string;
  /** In lower case (contract text.ts normalEmail), as every e-mail is kept. */
  email: string;
  /**
   * 'male' or 'female' when the cell says so (M and F too), '' when the file has no gender
   * column or the cell is blank (not given, issue 49), else the cell in lower case.
   */
  gender: string;
  password: string;
  /** The class column ('' when none): a class in use to put the student in. */
  className: string;
  /**
   * The role column (new, issue 29): 'student' when there is none or it is blank, 'teacher'
   * when it says so (a teacher's class is one they teach), else the cell in lower case.
   */
  role: string;
  /**
   * The guardian columns (new, issue 31): one guardian a row, each cell as typed ('' when
   * missing); checked as the Guardians card checks one (users-import.ts).
   */
  guardian: { name: string; phone: string; email: string };
  /** What is wrong with the row's shape itself (too many or too few cells). */
  shapeProblems: string[];
}

/** The file as a whole cannot be read as students: the answer is a 400 with this message. */
export class CsvFileError extends Error {}

/**
 * The columns an import reads, by the headers schools' exports use for them (compared in
 * lower case without spaces, dashes, dots or underscores: `First Name`, `first_name` and
 * `FIRSTNAME` are one).
 */
const HEADERS: Record<string, Column> = {
  name: 'name',
  fullname: 'name',
  studentname: 'name',
  firstname: 'first',
  givenname: 'first',
  forename: 'first',
  lastname: 'last',
  surname: 'last',
  familyname: 'last',
  username: 'username',
  login: 'username',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  gender: 'gender',
  sex: 'gender',
  password: 'password',
  class: 'class',
  classname: 'class',
  group: 'class',
  role: 'role',
  type: 'role',
  guardian: 'guardianName',
  guardianname: 'guardianName',
  parent: 'guardianName',
  parentname: 'guardianName',
  guardianphone: 'guardianPhone',
  guardianmobile: 'guardianPhone',
  parentphone: 'guardianPhone',
  guardianemail: 'guardianEmail',
  guardianemailaddress: 'guardianEmail',
  parentemail: 'guardianEmail',
};
type Column =
  | 'name'
  | 'first'
  | 'last'
  | 'username'
  | 'email'
  | 'gender'
  | 'password'
  | 'class'
  | 'role'
  | 'guardianName'
  | 'guardianPhone'
  | 'guardianEmail';

/** The columns a file may have, as the import's refusal and help name them. */
export const IMPORT_COLUMNS_WORDS =
  'name (or First Name and Last Name), email and, optionally, gender, username, password, class, role, and one guardian: Guardian Name with Guardian Phone or Guardian Email (or both)';

const headerKey = (header: string) => header.toLowerCase().replace(/[\s._-]+/g, '');

const GENDER_WORDS: Record<string, string> = {
  m: 'male',
  male: 'male',
  f: 'female',
  female: 'female',
};

const ROLE_CELLS: Record<string, string> = {
  '': 'student',
  student: 'student',
  user: 'student',
  teacher: 'teacher',
};

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Reads a CSV of students: a header row naming the columns (any order, any case; `name` or
 * `First Name` and `Last Name`, `email`, and optionally `gender`, `username`, `password`,
 * `class`, `role`, and one guardian's `Guardian Name`, `Guardian Phone` and `Guardian Email`),
 * then one student (or teacher) a row. Rows are numbered as a spreadsheet numbers them (the
 * header is row 1, blank lines count). Throws CsvFileError when a required column is missing,
 * there is no student, or there are too many.
 */
export function parseStudentsCsv(text: string): CsvStudent[] {
  // No header mode and no skipping: every record keeps its place, so its number is the
  // spreadsheet's (a quoted cell over several lines is still one row there too).
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  const header = (records[headerIndex] ?? []).map((h) => HEADERS[headerKey(h.trim())]);
  const at = (column: Column) => header.indexOf(column);
  const missing = [
    ...(at('name') < 0 && (at('first') < 0 || at('last') < 0)
      ? ['name (or First Name and Last Name)']
      : []),
    ...(at('email') < 0 ? ['email'] : []),
  ];
  if (missing.length > 0)
    throw new CsvFileError(
      `The first row must name the columns: ${IMPORT_COLUMNS_WORDS}; this file has no ${missing.join(', ')} column.`,
    );
  const students = records
    .map((cells, index) => ({ cells, index }))
    .filter(({ cells, index }) => index > headerIndex && !isBlank(cells));
  if (students.length === 0)
    throw new CsvFileError('The file has no students under its header row.');
  if (students.length > IMPORT_MAX_ROWS)
    throw new CsvFileError(
      `The file has ${students.length} students; at most ${IMPORT_MAX_ROWS} can be imported at a time. Split it into smaller files.`,
    );
  const quoteProblems = new Set(
    parsed.errors
      .filter((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes')
      .map((e) => e.row),
  );
  return students.map(({ cells, index }) => {
    const cell = (column: Column) => {
      const i = at(column);
      return i < 0 ? '' : (cells[i] ?? '').trim();
    };
    const shapeProblems: string[] = [];
    // Cells past the header that are empty are what spreadsheets often write: not a problem.
    if (cells.slice(header.length).some((c) => c.trim() !== ''))
      shapeProblems.push('has more cells than the header row');
    else if (cells.length < header.length)
      shapeProblems.push('has fewer cells than the header row');
    if (quoteProblems.has(index)) shapeProblems.push('has a quote (") that is not closed');
    const joined = cell('name') || [cell('first'), cell('last')].filter(Boolean).join(' ');
    const gender = cell('gender').toLowerCase();
    const passwordAt = at('password');
    return {
      row: index + 1,
      // The rule every kept name follows (contract text.ts): no bidi overrides, zero-width
      // characters or line breaks.
      name: withoutHidden(joined).replace(/\s+/g, ' ').trim(),
      username: cell('username'),
      email: normalEmail(cell('email')),
      gender: GENDER_WORDS[gender] ?? gender,
      // A password is taken as written: spaces inside or around it may be meant.
      password: passwordAt < 0 ? '' : (cells[passwordAt] ?? ''),
      className: withoutHidden(cell('class')).replace(/\s+/g, ' ').trim(),
      role: ROLE_CELLS[cell('role').toLowerCase()] ?? cell('role').toLowerCase(),
      guardian: {
        name: cell('guardianName'),
        phone: cell('guardianPhone'),
        email: cell('guardianEmail'),
      },
      shapeProblems,
    };
  });
}
