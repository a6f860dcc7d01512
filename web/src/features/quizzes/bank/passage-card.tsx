import { AudioPlayer } from '../../../media/audio-player';
import { ItemCard, RecordActions, Tag } from '../../../ui';
import styles from './bank.module.css';
import type { PassageRow } from './passage-form';
import { PASSAGE_KIND_WORDS, playsWords, standingWords } from './words';

/** How a passage is named to a screen reader in its buttons: its kind and its title. */
export const passageName = (row: PassageRow) =>
  `${PASSAGE_KIND_WORDS[row.kind].toLowerCase()} “${row.title}”`;

/**
 * One passage: its kind, how many items stand on it, a reading's text or a recording to play
 * (fetched only when played) with its play limit; Edit and Delete for whoever wrote it (or an
 * administrator). The server says why a passage items stand on cannot be deleted.
 */
export function PassageCard({
  row,
  onEdit,
  onDelete,
}: {
  row: PassageRow;
  onEdit: (row: PassageRow) => void;
  onDelete: (row: PassageRow) => void;
}) {
  const name = passageName(row);
  return (
    <ItemCard
      title={row.title}
      meta={
        <p>
          <Tag tone="info">{PASSAGE_KIND_WORDS[row.kind]}</Tag>
        </p>
      }
      lines={[
        standingWords(row.items),
        row.kind === 'recording' && playsWords(row.play_limit),
        `By ${row.created_by_name ?? 'a deleted account'}`,
      ]}
      actions={
        row.can_edit && (
          <RecordActions
            name={name}
            onEdit={() => onEdit(row)}
            onDelete={() => onDelete(row)}
            alignEnd
          />
        )
      }
      text={row.text && <span className={styles.excerpt}>{row.text}</span>}
    >
      {row.file_url && (
        <AudioPlayer
          src={row.file_url}
          label={`Play the ${name}`}
          caption={row.file_name ?? undefined}
          seconds={row.seconds}
        />
      )}
    </ItemCard>
  );
}
