import { markText } from '@academy/contract/marks';
import { StudentLink } from '../../components';
import { formatLongDate } from '../../lib/dates';
import { ItemCard, RecordActions, StoredFileLinks } from '../../ui';
import type { useSentCorrections } from './use-corrections';

export type SentCorrection = NonNullable<
  ReturnType<typeof useSentCorrections>['data']
>['items'][number];

/** A correction among those sent: to whom, when, what it answers, its files and Delete. */
export function SentCorrectionCard({
  correction,
  onDelete,
}: {
  correction: SentCorrection;
  onDelete: () => void;
}) {
  return (
    <ItemCard
      title={correction.title}
      lines={[
        <>
          To <StudentLink id={correction.user_id}>{correction.user_name}</StudentLink>
        </>,
        formatLongDate(correction.created_at),
        correction.submission_subject && <>Answers: {correction.submission_subject}</>,
        correction.mark && <>Mark: {markText(correction.mark)}</>,
      ]}
      actions={<RecordActions name={correction.title} onDelete={onDelete} />}
      text={correction.description}
    >
      <StoredFileLinks label={`Files of ${correction.title}`} files={correction.files} />
    </ItemCard>
  );
}
