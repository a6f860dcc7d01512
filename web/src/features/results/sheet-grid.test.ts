import { describe, expect, it } from 'vitest';
import { type CellAt, type MoveKey, moveFrom, pastedGrid, placePaste } from './sheet-grid';

const size = { rows: 3, cols: 2 };

describe('moving between cells', () => {
  const cell = (row: number, col: number) => ({ row, col });
  it.each<[string, CellAt, MoveKey, boolean, CellAt | null]>([
    ['Tab goes right', cell(0, 0), 'Tab', false, cell(0, 1)],
    ['Tab goes on to the next row', cell(0, 1), 'Tab', false, cell(1, 0)],
    ['Shift+Tab goes back, to the end of the row before', cell(1, 0), 'Tab', true, cell(0, 1)],
    ['Shift+Tab goes back along the row', cell(1, 1), 'Tab', true, cell(1, 0)],
    ['Tab past the last cell leaves the sheet', cell(2, 1), 'Tab', false, null],
    ['Shift+Tab past the first cell leaves the sheet', cell(0, 0), 'Tab', true, null],
    ['Enter goes down the column', cell(0, 1), 'Enter', false, cell(1, 1)],
    ['ArrowDown goes down the column', cell(1, 1), 'ArrowDown', false, cell(2, 1)],
    ['Shift+Enter goes up the column', cell(2, 0), 'Enter', true, cell(1, 0)],
    ['ArrowUp goes up the column', cell(1, 0), 'ArrowUp', false, cell(0, 0)],
    ['Enter stays on the last row', cell(2, 0), 'Enter', false, null],
    ['ArrowUp stays on the first row', cell(0, 1), 'ArrowUp', false, null],
  ])('%s', (_, from, key, shift, to) => {
    expect(moveFrom(from, key, shift, size)).toEqual(to);
  });

  it('has nowhere to go on a sheet without cells', () => {
    expect(moveFrom({ row: 0, col: 0 }, 'Tab', false, { rows: 0, cols: 2 })).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, 'Enter', false, { rows: 4, cols: 0 })).toBeNull();
  });
});

describe('a paste', () => {
  it('is a single value when it holds no line break or tab', () => {
    expect(pastedGrid('85')).toBeNull();
    expect(pastedGrid(' 85.5 ')).toBeNull();
    // A spreadsheet's one cell comes with a line break after it.
    expect(pastedGrid('85\n')).toBeNull();
    expect(pastedGrid('')).toBeNull();
  });

  it('reads a column copied from a spreadsheet, whatever its line breaks', () => {
    expect(pastedGrid('85\n90\n72.5\n')).toEqual([['85'], ['90'], ['72.5']]);
    expect(pastedGrid('85\r\n90\r\n')).toEqual([['85'], ['90']]);
    expect(pastedGrid('85\r90')).toEqual([['85'], ['90']]);
  });

  it('reads rows of tab-separated values, trimmed, keeping empty cells', () => {
    expect(pastedGrid('85\t 90 \n70\t\n')).toEqual([
      ['85', '90'],
      ['70', ''],
    ]);
    expect(pastedGrid('85\t90')).toEqual([['85', '90']]);
    expect(pastedGrid('85\n\n90')).toEqual([['85'], [''], ['90']]);
  });

  it('fills down and to the right from the cell it went into', () => {
    expect(placePaste([['1'], ['2']], { row: 1, col: 1 }, size)).toEqual({
      cells: [
        { row: 1, col: 1, text: '1' },
        { row: 2, col: 1, text: '2' },
      ],
      outside: 0,
    });
    expect(
      placePaste(
        [
          ['1', '2'],
          ['3', '4'],
        ],
        { row: 0, col: 0 },
        size,
      ).cells,
    ).toEqual([
      { row: 0, col: 0, text: '1' },
      { row: 0, col: 1, text: '2' },
      { row: 1, col: 0, text: '3' },
      { row: 1, col: 1, text: '4' },
    ]);
  });

  it('counts what falls past the last row or column, and places the rest', () => {
    const placed = placePaste(
      [
        ['1', '2'],
        ['3', '4'],
      ],
      { row: 2, col: 1 },
      size,
    );
    expect(placed.cells).toEqual([{ row: 2, col: 1, text: '1' }]);
    expect(placed.outside).toBe(3);
  });
});
