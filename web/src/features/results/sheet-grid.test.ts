import { describe, expect, it } from 'vitest';
import { moveFrom, pastedGrid, placePaste } from './sheet-grid';

const size = { rows: 3, cols: 2 };

describe('moving between cells', () => {
  it('goes right with Tab, and on to the next row', () => {
    expect(moveFrom({ row: 0, col: 0 }, 'Tab', false, size)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 0, col: 1 }, 'Tab', false, size)).toEqual({ row: 1, col: 0 });
  });

  it('goes back with Shift+Tab, to the end of the row before', () => {
    expect(moveFrom({ row: 1, col: 0 }, 'Tab', true, size)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 1, col: 1 }, 'Tab', true, size)).toEqual({ row: 1, col: 0 });
  });

  it('leaves the sheet with Tab past either end', () => {
    expect(moveFrom({ row: 2, col: 1 }, 'Tab', false, size)).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, 'Tab', true, size)).toBeNull();
  });

  it('goes down the column with Enter and ArrowDown, up with Shift+Enter and ArrowUp', () => {
    expect(moveFrom({ row: 0, col: 1 }, 'Enter', false, size)).toEqual({ row: 1, col: 1 });
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowDown', false, size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 2, col: 0 }, 'Enter', true, size)).toEqual({ row: 1, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, 'ArrowUp', false, size)).toEqual({ row: 0, col: 0 });
  });

  it('stays on the last row with Enter, and on the first with ArrowUp', () => {
    expect(moveFrom({ row: 2, col: 0 }, 'Enter', false, size)).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowUp', false, size)).toBeNull();
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
