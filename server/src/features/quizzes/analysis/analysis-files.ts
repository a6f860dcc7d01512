import type { QuizAnalysis } from '@academy/contract';
import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/items';
import ExcelJS from 'exceljs';
import { toCsv } from '../../../http/csv.js';
import { dayOf, fileWord } from '../../../http/download-names.js';

/**
 * The item analysis out of the app (issue 51, point 7): one row per item, as the screen's
 * table, in the app's one CSV writer (http/csv.ts) or as an XLSX workbook whose second sheet
 * holds the marks' distribution. Percents are whole numbers, as the screen shows them.
 */

const HEADER = [
  'number',
  'question',
  'type',
  'drawn',
  'answered',
  'facility (%)',
  'discrimination',
  'most common wrong answer',
  'chosen by',
  'median time (s)',
  'dubious',
];

const percent = (fraction: number | null) => (fraction === null ? '' : Math.round(fraction * 100));

/** The items as a table: the header and one row per item (numbers stay numbers). */
export function itemTable(analysis: QuizAnalysis) {
  const rows = analysis.items.map((item) => [
    item.number,
    item.prompt,
    ITEM_TYPE_WORDS[item.type],
    item.drawn ? 'yes' : 'no',
    item.answered,
    percent(item.facility),
    item.discrimination === null ? '' : Math.round(item.discrimination * 100) / 100,
    item.common_wrong ?? '',
    item.common_wrong === null ? '' : item.common_wrong_count,
    item.median_seconds ?? '',
    item.dubious.join(' '),
  ]);
  return { header: HEADER, rows };
}

export function analysisCsv(analysis: QuizAnalysis): string {
  const { header, rows } = itemTable(analysis);
  return toCsv(header, rows);
}

/** The file's name without its extension: item-analysis-week-3-check-2026-12-02. */
export const analysisFileName = (title: string, now: number) =>
  `item-analysis-${fileWord(title, 'quiz')}-${dayOf(now)}`;

/**
 * The workbook: "Items" (the CSV's table, figures as numbers a spreadsheet can sort) and
 * "Marks" (attempts counted, mean, median, and how many fell in each ten-percent band).
 */
export async function analysisXlsx(analysis: QuizAnalysis): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const items = book.addWorksheet('Items', { views: [{ state: 'frozen', ySplit: 1 }] });
  const { header, rows } = itemTable(analysis);
  items.addRow(header).font = { bold: true };
  for (const row of rows) items.addRow(row);
  items.columns.forEach((column, i) => {
    column.width = Math.min(
      60,
      Math.max(
        10,
        ...[header[i] ?? '', ...rows.map((r) => String(r[i] ?? ''))].map((t) => t.length + 2),
      ),
    );
  });
  const { marks } = analysis;
  const sheet = book.addWorksheet('Marks');
  sheet.addRow(['attempts counted', marks.count]);
  sheet.addRow(['waiting for a mark', marks.awaiting_marks]);
  sheet.addRow(['mean (%)', percent(marks.mean)]);
  sheet.addRow(['median (%)', percent(marks.median)]);
  sheet.addRow([]);
  sheet.addRow(['mark (%)', 'attempts']).font = { bold: true };
  for (const band of marks.distribution) sheet.addRow([`${band.from}–${band.to}`, band.count]);
  sheet.getColumn(1).width = 20;
  return new Uint8Array(await book.xlsx.writeBuffer());
}
