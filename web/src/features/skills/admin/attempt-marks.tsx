import type { CallResponse } from '@academy/contract';
import { markText } from '@academy/contract/marks';
import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import { markInputOf, markProblem, StudentLink } from '../../../components';
import { formatLongDateTime } from '../../../lib/dates';
import { Form, FormMessage, QueryView, SubmitButton, TextField, useFormOutcome } from '../../../ui';
import styles from './skill-admin.module.css';
import { useItemAttempts, useMarkAttempt } from './use-skill-admin';

type Attempt = CallResponse<'skillItemAttempts'>['attempts'][number];

/**
 * One student's attempt and its mark (issue 30), entered or changed where it is listed: the
 * mark as typed, checked by the rule the server applies; emptied and saved, the mark goes.
 * The saved mark stays written beside the field, so what the student sees is never in doubt.
 */
function AttemptMark({
  itemId,
  outOf,
  attempt,
}: {
  itemId: number;
  outOf: number;
  attempt: Attempt;
}) {
  const markAttempt = useMarkAttempt(itemId);
  const [typed, setTyped] = useState(() => markInputOf(attempt.mark).mark);
  const input = { mark: typed, outOf: String(outOf) };
  const outcome = useFormOutcome(() => markProblem(input));

  const handleSend = () =>
    markAttempt.mutate(
      { userId: attempt.user_id, mark: typed.trim() },
      outcome.reports(explainFailure('Failed to save the mark. Please try again.')),
    );

  return (
    <li className={styles.attempt}>
      <p className={styles.attemptWho}>
        <StudentLink id={attempt.user_id}>{attempt.user_name}</StudentLink>: started{' '}
        {formatLongDateTime(attempt.started_at)}
      </p>
      <p className={styles.attemptMark}>
        {attempt.mark ? `Mark: ${markText(attempt.mark)}` : 'Not marked yet'}
      </p>
      <Form onSend={handleSend} outcome={outcome} className={styles.markForm}>
        <TextField
          label={`Mark for ${attempt.user_name}, out of ${outOf}`}
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          disabled={markAttempt.isPending}
          onChange={(e) => setTyped(e.target.value)}
        />
        <SubmitButton size="small" busy={markAttempt.isPending} busyLabel="Saving...">
          Save mark
        </SubmitButton>
      </Form>
      <FormMessage outcome={outcome} />
    </li>
  );
}

/** Who started an item, when, and each one's mark out of the item's maximum. */
export function AttemptList({ itemId, outOf }: { itemId: number; outOf: number }) {
  const attempts = useItemAttempts(itemId);
  return (
    <QueryView query={attempts} error="Failed to load who started it.">
      {(data) => (
        <>
          <ul className={styles.attempts}>
            {data.attempts.map((a) => (
              <AttemptMark key={a.user_id} itemId={itemId} outOf={outOf} attempt={a} />
            ))}
          </ul>
          <p className={styles.markNote}>
            A mark is a number such as 85 or 85.5; empty it and save to take it away.
          </p>
        </>
      )}
    </QueryView>
  );
}
