import { PROMPT_EXCERPT_CHARS } from '@academy/contract';
import {
  type CefrLevel,
  ItemBody,
  ItemKey,
  type ItemSkill,
  type ItemType,
  type PassageKind,
} from '@academy/contract/quizzes/items';
import { formatTimestamp } from '../../../db/time.js';
import {
  type Author,
  type ItemListRow,
  type ItemRow,
  type listVersions,
  mayChange,
  type PassageListRow,
} from './bank-data.js';
import { cut } from './question-tags.js';

/**
 * The bank's rows as its calls answer them. The bank is staff's alone, so an item's key and
 * feedback are answered whole here; nothing here is ever sent to a student (the taking side
 * has its own presenters, which read a version's body alone).
 */

/**
 * What a list row or a preview row shows of an item: its prompt, and for a gap fill its text
 * with each gap as '___' (the prompt of a gap fill is often only "Fill the gap.").
 */
export function promptExcerpt(prompt: string, body: ItemBody): string {
  const shown =
    body.type === 'gaps' ? `${prompt} ${body.text.replace(/\{[a-z0-9]{1,8}\}/g, '___')}` : prompt;
  return cut(shown, PROMPT_EXCERPT_CHARS);
}

const asLevel = (level: string | null) => level as CefrLevel | null;
const asSkill = (skill: string | null) => skill as ItemSkill | null;

/** A row of the bank's list. */
export function itemRowOf(row: ItemListRow, reader: Author) {
  return {
    id: row.id,
    type: row.type as ItemType,
    level: asLevel(row.level),
    skill: asSkill(row.skill),
    unit: row.unit,
    prompt: promptExcerpt(row.prompt, JSON.parse(row.body) as ItemBody),
    points: row.points,
    version: row.current_version,
    passage_id: row.passage_id,
    passage_title: row.passage_title ?? null,
    archived: row.archived_at !== null,
    answers: Number(row.answers ?? 0),
    updated_at: formatTimestamp(row.updated_at),
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    can_edit: mayChange(reader, row.created_by),
  };
}

/**
 * One item with its current version read back through the contract's schemas (a row written
 * by an older schema fails loudly here rather than reaching the editor half-read).
 */
export function itemOf(
  row: ItemRow,
  versions: Awaited<ReturnType<typeof listVersions>>,
  reader: Author,
) {
  return {
    id: row.id,
    type: row.type as ItemType,
    level: asLevel(row.level),
    skill: asSkill(row.skill),
    unit: row.unit,
    passage:
      row.passage_id === null
        ? null
        : {
            id: row.passage_id,
            kind: row.passage_kind as PassageKind,
            title: row.passage_title ?? '',
          },
    archived: row.archived_at !== null,
    created_at: formatTimestamp(row.created_at),
    updated_at: formatTimestamp(row.updated_at),
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    can_edit: mayChange(reader, row.created_by),
    current: {
      id: row.version_id,
      version: row.version,
      prompt: row.prompt,
      body: ItemBody.parse(JSON.parse(row.body)),
      key: ItemKey.parse(JSON.parse(row.key)),
      points: row.points,
      ...(row.general_feedback === null ? {} : { general_feedback: row.general_feedback }),
    },
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      prompt: cut(v.prompt, PROMPT_EXCERPT_CHARS),
      points: v.points,
      created_at: formatTimestamp(v.created_at),
      created_by_name: v.created_by_name ?? null,
      answers: Number(v.answers ?? 0),
    })),
  };
}

/** A passage as its list shows it; a recording's link is signed for the reader. */
export function passageOf(
  row: PassageListRow,
  reader: Author,
  fileUrl: (fileId: number, userId: number) => string,
) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    file_url: row.file_id === null ? null : fileUrl(row.file_id, reader.id),
    file_name: row.stored_name ?? null,
    seconds: row.duration_ms === null ? null : Math.round(row.duration_ms / 100) / 10,
    play_limit: row.play_limit,
    items: Number(row.items ?? 0),
    created_at: formatTimestamp(row.created_at),
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    can_edit: mayChange(reader, row.created_by),
  };
}

/** "1 attempt", "12 attempts". */
export const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
