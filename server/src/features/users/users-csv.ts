import { IMPORT_COLUMNS } from '@academy/contract';
import { IMPORT_MAX_ROWS } from '@academy/contract/constants';
import Papa from 'papaparse';

/**
 * CSV in and out for the users' import and export, with papaparse on the server: the file is
 * read once, where it is also checked, so the browser and the server cannot read it apart.
 */

/** A student as one CSV row gives them, every cell trimmed ('' when missing). */
export interface CsvStudent {
  /** 1 for the first row under the header. */
  row: number;
  name: string;
  username: string;
  email: string;
  gender: string;
  password: string;
  /** What is wrong with the row's shape itself (too many or too few cells). */
  shapeProblems: string[];
}

/** The file as a whole cannot be read as students: the answer is a 400 with this message. */
export class CsvFileError extends Error {}

const REQUIRED = IMPORT_COLUMNS.filter((c) => c !== 'password');

/**
 * Reads a CSV of students: a header row naming the columns (any order, any case, `e-mail`
 * for `email` too), then one student a row. Blank lines are skipped. Throws CsvFileError
 * when a required column is missing, there is no student, or there are too many.
 */
export function parseStudentsCsv(text: string): CsvStudent[] {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => {
      const key = header.trim().toLowerCase();
      return key === 'e-mail' ? 'email' : key;
    },
  });
  const columns = parsed.meta.fields ?? [];
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    throw new CsvFileError(
      `The first row must name the columns name, username, email, gender and (optionally) password; this file has no ${missing.join(', ')} column.`,
    );
  const data = parsed.data;
  if (data.length === 0) throw new CsvFileError('The file has no students under its header row.');
  if (data.length > IMPORT_MAX_ROWS)
    throw new CsvFileError(
      `The file has ${data.length} students; at most ${IMPORT_MAX_ROWS} can be imported at a time. Split it into smaller files.`,
    );
  const shape = new Map<number, string[]>();
  for (const error of parsed.errors) {
    if (error.row === undefined) continue;
    const words =
      error.code === 'TooManyFields'
        ? 'has more cells than the header row'
        : error.code === 'TooFewFields'
          ? 'has fewer cells than the header row'
          : error.code === 'MissingQuotes' || error.code === 'InvalidQuotes'
            ? 'has a quote (") that is not closed'
            : error.message;
    shape.set(error.row, [...(shape.get(error.row) ?? []), words]);
  }
  return data.map((record, index) => {
    const cell = (key: string) => String(record[key] ?? '').trim();
    return {
      row: index + 1,
      name: cell('name'),
      username: cell('username'),
      email: cell('email'),
      gender: cell('gender').toLowerCase(),
      // A password is taken as written: spaces inside or around it may be meant.
      password: String(record.password ?? ''),
      shapeProblems: shape.get(index) ?? [],
    };
  });
}

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Whether a text would be taken as a formula by a spreadsheet. */
export function looksLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/** A cell made safe to open in a spreadsheet: a formula-like start gets a leading apostrophe. */
export function safeCell(value: string | number): string {
  const text = String(value);
  return looksLikeFormula(text) ? `'${text}` : text;
}

/** Rows as CSV (CRLF line ends, quoted where needed), every cell made safe. */
export function toCsv(header: readonly string[], rows: readonly (string | number)[][]): string {
  return Papa.unparse(
    { fields: [...header], data: rows.map((row) => row.map(safeCell)) },
    { newline: '\r\n' },
  );
}
