import { StudentLink } from '../../components';
import { formatLongDate } from '../../lib/dates';
import { ItemCard, Meta, RecordActions, StoredFileLinks } from '../../ui';
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
      meta={
        <>
          <Meta>
            To <StudentLink id={correction.user_id}>{correction.user_name}</StudentLink>
          </Meta>
          <Meta>{formatLongDate(correction.created_at)}</Meta>
          {correction.submission_subject && <Meta>Answers: {correction.submission_subject}</Meta>}
        </>
      }
      actions={<RecordActions name={correction.title} onDelete={onDelete} />}
      text={correction.description}
    >
      <StoredFileLinks label={`Files of ${correction.title}`} files={correction.files} />
    </ItemCard>
  );
}
