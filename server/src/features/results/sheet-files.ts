import {
  type Component,
  NOT_ELIGIBLE,
  OUTCOME_WORDS,
  readScore,
  scoreText,
} from '@academy/contract/results';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { toCsv } from '../../http/csv.js';
import type { SheetLine } from './sheet-data.js';

/**
 * A result sheet out of the app and marks into it (issue 30, point 7). The export and the
 * import share their columns: student, username, one per component, total, outcome. An export
 * opened in a spreadsheet, filled in and imported again is read back; the import takes the
 * typed components' columns and says which it leaves (computed ones, the total, the outcome).
 */

/** The sheet's rows as a table: the header and one row per student. */
export function sheetTable(
  components: readonly Component[],
  lines: readonly (SheetLine & { username: string })[],
) {
  const header = ['student', 'username', ...components.map((c) => c.name), 'total', 'outcome'];
  const rows = lines.map((line) => [
    line.name,
    line.username,
    ...components.map((c, i) => {
      if (c.final && !line.eligible) return NOT_ELIGIBLE;
      const score = line.scores[i];
      return score === null || score === undefined ? '' : scoreText(score);
    }),
    line.total === null ? '' : scoreText(line.total),
    line.outcome === null ? '' : OUTCOME_WORDS[line.outcome],
  ]);
  return { header, rows };
}

/**
 * The sheet as an XLSX workbook: the same table as the CSV, scores as numbers a spreadsheet can
 * sum (a final not sat says so in words), the header bold and kept in view.
 */
export async function sheetXlsx(
  title: string,
  components: readonly Component[],
  lines: readonly (SheetLine & { username: string })[],
): Promise<Uint8Array> {
  const { header, rows } = sheetTable(components, lines);
  const book = new ExcelJS.Workbook();
  // A worksheet's name: at most 31 characters, none of : \ / ? * [ ].
  const sheet = book.addWorksheet(title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Results', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(header).font = { bold: true };
  for (const row of rows)
    sheet.addRow(
      row.map((cell, i) => (i >= 2 && /^\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)),
    );
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(
      40,
      Math.max(10, ...[header[i] ?? '', ...rows.map((r) => r[i] ?? '')].map((t) => t.length + 2)),
    );
  });
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export function sheetCsv(
  components: readonly Component[],
  lines: readonly (SheetLine & { username: string })[],
): string {
  const { header, rows } = sheetTable(components, lines);
  return toCsv(header, rows);
}

/** The file as a whole cannot be read as marks: the answer is a 400 with this message. */
export class MarksFileError extends Error {}

export interface MarksRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  /** As the file names the student. */
  student: string;
  studentId: number | null;
  scores: { key: string; component: string; score: string; problem: string | null }[];
  problems: string[];
}

export interface MarksFile {
  /** The typed components the file has a column for. */
  columns: { key: string; name: string }[];
  /** Columns the import leaves as they are, each with why. */
  ignored: string[];
  rows: MarksRow[];
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * Reads a CSV of marks against a class's scheme and members: a `student` (or `name`) or
 * `username` column names each student, a column named as a typed component gives their
 * score ('' leaves it as it is). Every row's problems are named; nothing is written.
 */
export function readMarksCsv(
  text: string,
  components: readonly Component[],
  members: readonly { id: number; name: string; username: string }[],
): MarksFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const records = parsed.data;
  const headerAt = records.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  const header = (records[headerAt] ?? []).map(key);
  const nameAt = header.findIndex((h) => h === 'student' || h === 'name');
  const usernameAt = header.indexOf('username');
  if (nameAt < 0 && usernameAt < 0)
    throw new MarksFileError(
      'The first row must name the columns: student (or username), then the components to import, as the sheet’s export names them.',
    );
  const byName = new Map(components.map((c) => [key(c.name), c]));
  const columns: { key: string; name: string; at: number }[] = [];
  const ignored: string[] = [];
  header.forEach((h, at) => {
    if (at === nameAt || at === usernameAt || h === '') return;
    const component = byName.get(h);
    const named = records[headerAt]?.[at]?.trim() ?? h;
    if (!component) {
      if (h !== 'total' && h !== 'outcome')
        ignored.push(`${named}: not a component of this class’s scheme`);
      else ignored.push(`${named}: worked out by the app`);
    } else if (component.source !== 'typed') ignored.push(`${named}: computed by the app`);
    else columns.push({ key: component.key, name: component.name, at });
  });
  if (columns.length === 0)
    throw new MarksFileError(
      `The file has no column for a typed component; this class’s are: ${
        components
          .filter((c) => c.source === 'typed')
          .map((c) => c.name)
          .join(', ') || 'none'
      }.`,
    );
  const byUsername = new Map(members.map((m) => [key(m.username), m]));
  const byStudentName = new Map<string, (typeof members)[number][]>();
  for (const m of members)
    byStudentName.set(key(m.name), [...(byStudentName.get(key(m.name)) ?? []), m]);
  const rows: MarksRow[] = [];
  const seen = new Set<number>();
  records.forEach((cells, index) => {
    if (index <= headerAt || cells.every((c) => c.trim() === '')) return;
    const named = (nameAt >= 0 ? cells[nameAt] : '')?.trim() ?? '';
    const username = (usernameAt >= 0 ? cells[usernameAt] : '')?.trim() ?? '';
    const problems: string[] = [];
    let member = username ? byUsername.get(key(username)) : undefined;
    if (!member && !username) {
      const same = byStudentName.get(key(named)) ?? [];
      if (same.length > 1)
        problems.push(`Two students of this class are named ${named}: give the username.`);
      member = same.length === 1 ? same[0] : undefined;
    }
    if (member && seen.has(member.id)) problems.push(`${member.name} appears twice in the file.`);
    if (member) seen.add(member.id);
    if (!member && problems.length === 0)
      problems.push(
        named || username
          ? `${named || username} is not a student of this class.`
          : 'The row names no student.',
      );
    const scores = columns
      .map((column) => {
        const typed = cells[column.at]?.trim() ?? '';
        const read = typed === '' ? null : readScore(typed);
        return {
          key: column.key,
          component: column.name,
          score: typed,
          problem: read && 'problem' in read ? `${column.name}: ${read.problem}` : null,
        };
      })
      .filter((s) => s.score !== '');
    for (const s of scores) if (s.problem) problems.push(s.problem);
    rows.push({
      row: index + 1,
      student: named || username,
      studentId: member?.id ?? null,
      scores,
      problems,
    });
  });
  if (rows.length === 0) throw new MarksFileError('The file has no students under its header row.');
  return { columns: columns.map(({ key, name }) => ({ key, name })), ignored, rows };
}
