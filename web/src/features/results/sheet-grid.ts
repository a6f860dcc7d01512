/**
 * The result sheet typed like a spreadsheet (issue 30, point 3): where a key moves from a cell,
 * and what a paste from a spreadsheet fills. Pure: the sheet's cells are its typed cells only,
 * a row a student and a column a typed component (computed ones are not cells: nothing is typed
 * there), counted from 0.
 */

export interface CellAt {
  row: number;
  col: number;
}

export interface SheetSize {
  rows: number;
  cols: number;
}

/** The keys that move between cells; Shift goes back. */
export type MoveKey = 'Tab' | 'Enter' | 'ArrowUp' | 'ArrowDown';

/**
 * Where a key moves from a cell: Tab to the right and on to the next row's first cell (Shift:
 * back), Enter and ArrowDown down the column (Shift+Enter and ArrowUp: up). null where the
 * sheet ends that way: Tab past the last cell leaves the sheet as the browser would, Enter on
 * the last row stays.
 */
export function moveFrom(at: CellAt, key: MoveKey, shift: boolean, size: SheetSize) {
  const { rows, cols } = size;
  if (rows === 0 || cols === 0) return null;
  if (key === 'Tab') {
    const index = at.row * cols + at.col + (shift ? -1 : 1);
    if (index < 0 || index >= rows * cols) return null;
    return { row: Math.floor(index / cols), col: index % cols };
  }
  const up = key === 'ArrowUp' || (key === 'Enter' && shift);
  const row = at.row + (up ? -1 : 1);
  if (row < 0 || row >= rows) return null;
  return { row, col: at.col };
}

/**
 * What was pasted, as rows of values: a spreadsheet copies a range as lines of tab-separated
 * cells (a column: one value a line), usually with a line break after the last. null for a
 * single value, which goes into the cell as typed text does.
 */
export function pastedGrid(text: string): string[][] | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const grid = lines.map((line) => line.split('\t').map((value) => value.trim()));
  if (grid.length === 1 && (grid[0]?.length ?? 0) <= 1) return null;
  return grid;
}

export interface PlacedValue extends CellAt {
  text: string;
}

/**
 * The cells a pasted grid fills, from the cell it was pasted into: its lines down the sheet's
 * rows, its tab-separated values across the typed columns to the right. Values that fall past
 * the last row or column are counted, not placed.
 */
export function placePaste(grid: readonly (readonly string[])[], start: CellAt, size: SheetSize) {
  const cells: PlacedValue[] = [];
  let outside = 0;
  grid.forEach((line, i) => {
    line.forEach((text, j) => {
      const row = start.row + i;
      const col = start.col + j;
      if (row < size.rows && col < size.cols) cells.push({ row, col, text });
      else outside += 1;
    });
  });
  return { cells, outside };
}
