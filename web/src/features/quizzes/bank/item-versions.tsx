import type { CallResponse } from '@academy/contract';
import { formatLongDateTime } from '../../../lib/dates';
import { Card } from '../../../ui';
import styles from './bank.module.css';
import { pointsWord, usedWords } from './words';

/** An item's versions, the newest first: when, by whom, and how often each was answered. */
export function ItemVersions({ item }: { item: CallResponse<'getQuizItem'>['item'] }) {
  return (
    <Card title="Versions">
      <p>
        A version students have answered is never changed: saving it adds the next one, which new
        quizzes draw; attempts keep the version they answered.
      </p>
      <ol className={styles.versions} aria-label="Versions of the item">
        {item.versions.map((v) => (
          <li key={v.id}>
            Version {v.version}
            {v.version === item.current.version ? ' (current)' : ''}:{' '}
            {formatLongDateTime(v.created_at)}
            {v.created_by_name ? ` by ${v.created_by_name}` : ''}, {pointsWord(v.points)},{' '}
            {usedWords(v.answers).toLowerCase()}
          </li>
        ))}
      </ol>
    </Card>
  );
}
