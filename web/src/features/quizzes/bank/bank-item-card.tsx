import type { CallResponse } from '@academy/contract';
import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import { hrefs } from '../../../shared/paths';
import { Button, ItemCard, OpenButton, RecordActions, Tag } from '../../../ui';
import { pointsWord, tagsLine, usedWords } from './words';

export type BankRow = CallResponse<'listQuizItems'>['items'][number];

/** How a row is named to a screen reader in its buttons: its type and the prompt's start. */
export const rowName = (row: BankRow) =>
  `${ITEM_TYPE_WORDS[row.type]} item “${row.prompt.slice(0, 40)}”`;

/**
 * One item of the bank: its type, the prompt's start, tags, points, version and how often it
 * was answered; Open for everyone (a teacher reads another's items), Archive (or Put back) and
 * Delete for whoever may change it.
 */
export function BankItemCard({
  row,
  onArchive,
  onDelete,
}: {
  row: BankRow;
  onArchive: (row: BankRow) => void;
  onDelete: (row: BankRow) => void;
}) {
  const name = rowName(row);
  return (
    <ItemCard
      title={row.prompt}
      meta={
        <p>
          <Tag tone="info">{ITEM_TYPE_WORDS[row.type]}</Tag>{' '}
          {row.archived && <Tag tone="warning">Archived</Tag>}
        </p>
      }
      lines={[
        tagsLine(row),
        `${pointsWord(row.points)} · version ${row.version} · ${usedWords(row.answers)}`,
        row.passage_title && `On the passage “${row.passage_title}”`,
        `By ${row.created_by_name ?? 'a deleted account'}`,
      ]}
      actions={
        <RecordActions name={name} onDelete={row.can_edit ? () => onDelete(row) : undefined}>
          <OpenButton name={name} to={hrefs.questionItem(row.id)} />
          {row.can_edit && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => onArchive(row)}
              aria-label={`${row.archived ? 'Put back' : 'Archive'} ${name}`}
            >
              {row.archived ? 'Put back' : 'Archive'}
            </Button>
          )}
        </RecordActions>
      }
    />
  );
}
