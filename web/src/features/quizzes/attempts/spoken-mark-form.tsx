import { formatPoints } from '@academy/contract/marks';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { markProblem } from '../../../components';
import { Form, FormActions, TextField, useFormOutcome } from '../../../ui';
import { useMarkQuizAnswer } from './use-attempts';

const markFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The mark was not saved: ',
  fallback: 'The mark could not be saved. Please try again.',
});

/**
 * A teacher's mark on a spoken answer, in points of the item ('1.5'), checked by the rule the
 * server applies; blank takes a mark away. The attempt's mark is worked out again on the
 * server and shown once the attempt is asked for again.
 */
export function SpokenMarkForm({
  answer,
  points,
  hundredths,
}: {
  /** Which answer: the attempt, its student and the question's position. */
  answer: { attempt_id: number; user_id: number; position: number };
  points: number;
  hundredths: number | null;
}) {
  const save = useMarkQuizAnswer();
  const [mark, setMark] = useState(hundredths === null ? '' : formatPoints(hundredths));
  const problem = markProblem({ mark, outOf: String(points) });
  const outcome = useFormOutcome(() => problem);
  const question = `question ${answer.position + 1}`;
  return (
    <Form
      onSend={() => save.mutate({ ...answer, mark: mark.trim() }, outcome.reports(markFailure))}
      outcome={outcome}
    >
      <TextField
        label={`Mark for ${question} (out of ${points})`}
        inputMode="decimal"
        autoComplete="off"
        hint={problem ?? 'Such as 1 or 1.5. Leave it blank to take the mark away.'}
        aria-invalid={problem ? true : undefined}
        value={mark}
        onChange={(e) => setMark(e.target.value)}
      />
      <FormActions outcome={outcome} label="Save the mark" busy={save.isPending} size="small" />
    </Form>
  );
}
