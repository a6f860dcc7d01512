import Papa from 'papaparse';

/**
 * Every CSV the app writes (the users' export, the roll's grid, a result sheet), made one way:
 * safe to open in a spreadsheet and readable by Excel. Below the features so that each one
 * writing a CSV asks the same writer.
 */

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

/**
 * Characters a spreadsheet may split a cell on, or read as its end: the common delimiters
 * (`,` `;` tab `|`, whichever its locale or import dialog picks), quotes and line breaks.
 * Unquoted, `Bob;=1+1` opened by a spreadsheet splitting on `;` runs `=1+1`.
 */
const NEEDS_QUOTES = /[,;\t|"\r\n]/;

/**
 * The UTF-8 byte-order mark every CSV the app writes starts with (issue 49, point 13): without
 * it Excel on Windows reads the file in the system's code page, and a Persian name shows as
 * `Ø²ÙØ±Ø§`. The imports read a file with or without it (Papa.parse after it is taken off).
 */
export const CSV_BOM = '\uFEFF';

/**
 * Rows as CSV (CRLF line ends, after the byte-order mark), every cell made safe: a formula-like
 * start neutralised and any cell holding a delimiter of any common kind quoted. Every CSV the
 * app writes is made here.
 */
export function toCsv(header: readonly string[], rows: readonly (string | number)[][]): string {
  return (
    CSV_BOM +
    Papa.unparse(
      { fields: [...header], data: rows.map((row) => row.map(safeCell)) },
      { newline: '\r\n', quotes: (value: unknown) => NEEDS_QUOTES.test(String(value)) },
    )
  );
}
