import type { CallResponse } from '@academy/contract';
import { formatLongDateTime } from '../../lib/dates';
import { ItemCard, StoredFileLinks } from '../../ui';

/** One of the student's submissions, as the inbox lists them. */
type Submission = CallResponse<'sendToInbox'>['assignments'][number];

/**
 * The student's work a correction answers, shown above the form (opened from an inbox item's
 * Correct): what they sent, when, what it answers, and its files, so correcting needs no
 * second screen.
 */
export function WorkBeingCorrected({ work }: { work: Submission }) {
  return (
    <section aria-label="The work being corrected">
      <ItemCard
        title={work.subject}
        lines={[
          <>
            From {work.user_name}, sent {formatLongDateTime(work.created_at)}
          </>,
          work.assignment_title && <>Answers: {work.assignment_title}</>,
        ]}
        text={work.description}
      >
        <StoredFileLinks label={`Files of ${work.subject}`} files={work.files} />
      </ItemCard>
    </section>
  );
}
