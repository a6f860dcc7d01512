import type { skillSchemas } from '@academy/contract';
import { formatTimestamp } from '../../db/time.js';
import { windowState } from '../../domain/windows.js';
import type { CallContext } from '../../http/call.js';
import type { listItemsForAdmin, StudentItemRow } from './skills-data.js';

/** What the presenters use of the handler's context: links signed for a user. */
type Signer = Pick<CallContext<keyof typeof skillSchemas>, 'fileUrl'>;

/** The link to open: a signed link to the item's uploaded file, or its external link. */
export function fileUrlOf(
  { fileUrl }: Signer,
  item: { file_id: number | null; link_url: string | null },
  userId: number,
): string | null {
  if (item.file_id !== null) return fileUrl(item.file_id, userId);
  return item.link_url;
}

/** An item as its student sees it, at `now`; its file is signed for that student. */
export function studentItemOf(signer: Signer, row: StudentItemRow, now: number, userId: number) {
  const isOpen = windowState(row.access_start, row.access_end, now) === 'open';
  const hasStarted = row.started_at !== null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    access_start: formatTimestamp(row.access_start),
    access_end: formatTimestamp(row.access_end),
    // The file is the exam paper: it is handed out by the start call, which records the
    // start, and only then listed (so a closed tab can be opened again while the item is open).
    file_url: isOpen && hasStarted ? fileUrlOf(signer, row, userId) : null,
    attempted: hasStarted ? (1 as const) : (0 as const),
    is_open: isOpen ? (1 as const) : (0 as const),
    // Only once marked (issue 30): an unmarked item answers the spec's fields alone.
    ...(row.mark_hundredths === null
      ? {}
      : { mark: { hundredths: row.mark_hundredths, out_of: row.mark_out_of } }),
  };
}

/**
 * An item in the administrator's or a teacher's list, with who it is for; its file is signed
 * for `reader`, or left out (null) where the download would refuse them: a teacher reads an
 * uploaded paper only as a student would, so is given its external link only.
 */
export function adminItemOf(
  signer: Signer,
  row: Awaited<ReturnType<typeof listItemsForAdmin>>[number],
  students: { id: number; name: string }[],
  reader: { id: number; isAdmin: boolean },
) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    access_start: formatTimestamp(row.access_start),
    access_end: formatTimestamp(row.access_end),
    link_url: row.link_url,
    file_name: row.file_name ?? null,
    file_url: reader.isAdmin || row.file_id === null ? fileUrlOf(signer, row, reader.id) : null,
    student_ids: students.map((s) => s.id),
    students,
    attempts_count: Number(row.attempts_count ?? 0),
    mark_out_of: row.mark_out_of,
  };
}

/** The spec's nouns for each kind, for messages ('No exam found.', 'No readings found.'). */
export const nouns = {
  exam: { one: 'exam', many: 'exams' },
  reading: { one: 'reading', many: 'readings' },
  listening: { one: 'listening', many: 'listenings' },
  story: { one: 'story', many: 'stories' },
} as const;
