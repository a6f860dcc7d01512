import type { PatternSession } from '@academy/contract/schedule-pattern';
import { useCallback, useState } from 'react';
import { blankSession, type SessionDraft } from './session-fields';

/** A session typed on the send form, keyed so React keeps its fields while others go. */
export interface SessionRow extends SessionDraft {
  key: number;
}

let nextKey = 1;

const rowOf = (draft: SessionDraft): SessionRow => ({ key: nextKey++, ...draft });

/** The sessions of the send form: one blank session to start, as many as the admin adds. */
export function useSessionRows() {
  const [rows, setRows] = useState<SessionRow[]>(() => [rowOf(blankSession(1))]);
  // Stable, as the screen renumbers from an effect once the student's sessions are known.
  const numberFrom = useCallback(
    (first: number) =>
      setRows((list) => list.map((r, i) => ({ ...r, session_number: String(first + i) }))),
    [],
  );
  return {
    rows,
    /** The numbers typed, as numbers (NaN where a field is not one). */
    numbers: rows.map((r) => Number(r.session_number)),
    /** Back to one blank session, numbered `first`. */
    startFresh: (first: number) => setRows([rowOf(blankSession(first))]),
    /** The rows renumbered from `first` on, once the student's last session is known. */
    numberFrom,
    update: (key: number, change: Partial<SessionDraft>) =>
      setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r))),
    /** One more session, numbered after the highest typed. */
    add: () =>
      setRows((list) => {
        const highest = Math.max(0, ...list.map((r) => Number(r.session_number) || 0));
        return [...list, rowOf(blankSession(highest + 1))];
      }),
    remove: (key: number) => setRows((list) => list.filter((r) => r.key !== key)),
    /** The sessions a weekly pattern made, in place of those typed. */
    replaceWith: (sessions: PatternSession[]) =>
      setRows(sessions.map((s) => rowOf({ ...s, session_number: String(s.session_number) }))),
  };
}
