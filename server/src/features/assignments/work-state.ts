import type { WorkState } from '@academy/contract';

/**
 * Where a student's work on an assignment stands (docs/decisions.md, "Work that connects"),
 * from its due instant, the first submission that names it, and now. Handed in at the due
 * instant itself is on time (the window is inclusive, like an exam's); only submissions that
 * name the assignment count.
 */
export function workState(
  dueAt: number | null,
  firstSubmittedAt: number | null,
  now: number,
): WorkState | null {
  if (firstSubmittedAt !== null)
    return dueAt !== null && firstSubmittedAt > dueAt ? 'late' : 'submitted';
  if (dueAt === null) return null;
  return now > dueAt ? 'overdue' : 'due';
}
