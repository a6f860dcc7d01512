import { readScore, scoreText } from '@academy/contract/results';
import { useRef, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { type CellAt, pastedGrid, placePaste } from './sheet-grid';
import { type Sheet, useSaveScores } from './use-results';

/** What a cell says beside it once it has been sent: on its way, saved (when), or why not. */
export type CellNote =
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'failed'; message: string };

/** What the sheet says of its last save, for everyone and for screen readers (aria-live). */
export interface SheetSaid {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** '10:42 AM': when a save was made, on the reader's clock. */
export const savedTime = (at: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at);

const words = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** What a cell's failed save says, by what went wrong. */
const NOT_SAVED = {
  network: 'Not saved: the server could not be reached. Leave the cell again to retry.',
  fallback: 'Not saved. Please try again.',
};

/** What the sheet says once `count` scores were saved at `at`. */
const savedText = (count: number, at: number) =>
  count === 1 ? `Saved at ${savedTime(at)}.` : `${count} scores saved at ${savedTime(at)}.`;

/** The map without the keys given. */
const forget = <V>(map: ReadonlyMap<string, V>, keys: readonly string[]) => {
  const next = new Map(map);
  for (const key of keys) next.delete(key);
  return next;
};

/** The map with each key given set to `value`. */
const withAll = <V>(map: ReadonlyMap<string, V>, keys: readonly string[], value: V) => {
  const next = new Map(map);
  for (const key of keys) next.set(key, value);
  return next;
};

/** What the sheet adds after a paste's save: values that were not scores, or fell outside. */
function pasteRemark(invalid: number, outside: number): string {
  const notScores =
    invalid > 0
      ? ` ${words(invalid, 'pasted value is', 'pasted values are')} not a score: correct ${invalid === 1 ? 'it' : 'them'} to save.`
      : '';
  const leftOut =
    outside > 0
      ? ` ${words(outside, 'pasted value was', 'pasted values were')} left out: past the sheet's last row or column, or for a final a student may not sit.`
      : '';
  return notScores + leftOut;
}

/**
 * The typed cells of a sheet: a row a student, a column a typed component (sheet-grid.ts).
 * What is typed stays a draft until it is saved; each cell is saved on its own when it is left
 * (or Enter is pressed on the last row), a paste fills many and saves them in one call. A cell
 * is checked as it is typed (readScore, the server's rule) and never sent while it does not
 * read as a score; a cell whose value is already the sheet's is not sent at all.
 */
export function useSheetCells(sheet: Sheet) {
  const save = useSaveScores(sheet.class.id, sheet.term.id);
  const typed = sheet.components
    .map((component, index) => ({ component, index }))
    .filter(({ component }) => component.source === 'typed');
  const students = sheet.students;
  const size = { rows: students.length, cols: typed.length };
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const [notes, setNotes] = useState<ReadonlyMap<string, CellNote>>(new Map());
  const [said, setSaid] = useState<SheetSaid | null>(null);
  // What each cell has on its way to the server: leaving it again with the same text sends nothing.
  const sending = useRef(new Map<string, string>());

  const keyOf = (at: CellAt) => `${students[at.row]?.id}:${typed[at.col]?.component.key}`;
  const scoreOf = (at: CellAt) => {
    const column = typed[at.col];
    return column ? (students[at.row]?.scores[column.index] ?? null) : null;
  };
  const textOf = (at: CellAt) => {
    const score = scoreOf(at);
    return drafts.get(keyOf(at)) ?? (score === null ? '' : scoreText(score));
  };
  /** A final's cell of a student not eligible for it takes no score (the server ignores one). */
  const isOpen = (at: CellAt) =>
    !(typed[at.col]?.component.final && students[at.row]?.eligible === false);
  const problemOf = (at: CellAt) => {
    const draft = drafts.get(keyOf(at));
    if (draft === undefined) return null;
    const read = readScore(draft);
    return 'problem' in read ? read.problem : null;
  };

  /** Sends the cells given (with their texts) in one call; says `besides` after its answer. */
  const send = (cells: readonly { at: CellAt; text: string }[], besides = '') => {
    const going: { key: string; at: CellAt; text: string }[] = [];
    const same: string[] = [];
    for (const { at, text } of cells) {
      const key = keyOf(at);
      if (sending.current.get(key) === text) continue;
      const read = readScore(text);
      if ('problem' in read) continue;
      if (read.score === scoreOf(at) && !sending.current.has(key)) same.push(key);
      else going.push({ key, at, text });
    }
    if (same.length > 0) setDrafts((now) => forget(now, same));
    if (going.length === 0) {
      if (besides) setSaid({ tone: 'info', text: besides.trim() });
      return;
    }
    for (const cell of going) sending.current.set(cell.key, cell.text);
    const keys = going.map((cell) => cell.key);
    setNotes((now) => withAll(now, keys, { kind: 'saving' }));
    const settle = () => {
      for (const cell of going)
        if (sending.current.get(cell.key) === cell.text) sending.current.delete(cell.key);
    };
    // mutateAsync, not mutate: a call's own callbacks of mutate fire only for the latest call,
    // so cells left quickly one after another stayed "Saving..." (issue 49, point 10).
    save
      .mutateAsync(
        going.map(({ at, text }) => ({
          student_id: students[at.row]?.id ?? 0,
          component_key: typed[at.col]?.component.key ?? '',
          score: text,
        })),
      )
      .then(
        (answer) => {
          settle();
          // A draft typed again while its save was on its way stays.
          setDrafts((now) =>
            forget(
              now,
              going.filter((c) => now.get(c.key) === c.text).map((c) => c.key),
            ),
          );
          // Only the last save's cells say "Saved"; a cell that failed keeps saying why.
          setNotes((now) =>
            withAll(new Map([...now].filter(([, note]) => note.kind !== 'saved')), keys, {
              kind: 'saved',
              at: answer.saved_at,
            }),
          );
          setSaid({
            tone: 'success',
            text: `${savedText(going.length, answer.saved_at)}${besides}`,
          });
        },
        (error: unknown) => {
          settle();
          const message = failureText(error, NOT_SAVED);
          setNotes((now) => withAll(now, keys, { kind: 'failed', message }));
          setSaid({ tone: 'error', text: message });
        },
      );
  };

  return {
    typed,
    size,
    isOpen,
    textOf,
    problemOf,
    noteOf: (at: CellAt) => notes.get(keyOf(at)),
    isDraft: (at: CellAt) => drafts.has(keyOf(at)),
    /** A cell typed in: a draft until it is left. */
    type: (at: CellAt, text: string) => {
      const key = keyOf(at);
      setDrafts((now) => new Map(now).set(key, text));
      setNotes((now) => forget(now, [key]));
    },
    /** Escape in a cell: its draft is dropped and it shows the sheet's score again. */
    cancel: (at: CellAt) => {
      const key = keyOf(at);
      setDrafts((now) => forget(now, [key]));
      setNotes((now) => forget(now, [key]));
    },
    /** A cell left (or Enter on the last row): saved if it changed and reads as a score. */
    commit: (at: CellAt) => {
      const draft = drafts.get(keyOf(at));
      if (draft !== undefined) send([{ at, text: draft }]);
    },
    /**
     * Text pasted into a cell: a spreadsheet's range fills the cells down and to the right,
     * saved in one call (answers true); a single value is left to the browser (false).
     */
    paste: (at: CellAt, text: string) => {
      const grid = pastedGrid(text);
      if (!grid) return false;
      const { cells, outside: past } = placePaste(grid, at, size);
      const placed = cells.filter(isOpen).map((cell) => ({ at: cell, text: cell.text }));
      const outside = past + cells.length - placed.length;
      setDrafts((now) => {
        const next = new Map(now);
        for (const cell of placed) next.set(keyOf(cell.at), cell.text);
        return next;
      });
      setNotes((now) =>
        forget(
          now,
          placed.map((cell) => keyOf(cell.at)),
        ),
      );
      const invalid = placed.filter((cell) => 'problem' in readScore(cell.text)).length;
      send(placed, pasteRemark(invalid, outside));
      return true;
    },
    said,
  };
}

export type SheetCells = ReturnType<typeof useSheetCells>;
