import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

/** How a spreadsheet that splits on `delimiter` (and honours quotes) reads the CSV. */
const readAs = (csv: string, delimiter: string) =>
  Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' }).data;

describe('toCsv', () => {
  it('quotes every cell holding a delimiter of any common kind, so no split runs a formula', () => {
    const cells = [
      'Bob;=1+1',
      'pass;=1+1ok',
      'tab\t=1+1',
      'pipe|=1+1',
      'comma,=1+1',
      'a"b',
      'two\nlines',
    ];
    const csv = toCsv(
      ['cell'],
      cells.map((c) => [c]),
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFcell',
      '"Bob;=1+1"',
      '"pass;=1+1ok"',
      '"tab\t=1+1"',
      '"pipe|=1+1"',
      '"comma,=1+1"',
      '"a""b"',
      '"two\nlines"',
    ]);
    // Split on any of them, each cell stays one cell: no part of it starts a formula.
    for (const delimiter of [',', ';', '\t', '|'])
      expect(readAs(csv, delimiter).slice(1)).toEqual(cells.map((c) => [c]));
  });

  it('leaves plain cells bare and neutralises formula starts (= + - @ tab CR)', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['Sara Ahmadi', 3],
        ['=1+1', '+1'],
        ['-1', '@SUM(A1)'],
        ['\t=1', '\r=1'],
      ],
    );
    expect(csv.split('\r\n').slice(0, 4)).toEqual([
      '\uFEFFa,b',
      'Sara Ahmadi,3',
      "'=1+1,'+1",
      "'-1,'@SUM(A1)",
    ]);
    expect(readAs(csv, ',').slice(4)).toEqual([["'\t=1", "'\r=1"]]);
  });
});
