import type { CallResponse } from '@academy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { queryKeys } from '../../../api/query-keys';
import { Card, Form, FormMessage, SubmitButton, useFormOutcome } from '../../../ui';
import { BandsFields } from './bands-fields';
import { PartsEditor } from './parts-editor';
import { draftOf, draftProblem, type QuizDraft, saveRequestOf } from './quiz-draft';
import { ReviewFields } from './review-fields';
import { AboutFields, RulesFields } from './settings-fields';
import { useSaveQuiz } from './use-quizzes';

/** A refused save says the server's reason (a draw asking more than the bank holds). */
const saveFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The quiz could not be saved. Please try again.',
});

/**
 * The builder's form: the settings (a form of their own, so Enter in the bank's search box
 * never saves), the parts, then Save, which sends both. What is wrong is said when saving, in
 * the server's words; the server's refusals under the button. After a save, the parts come
 * back as the server has them, with how many items each draw may take from.
 */
export function QuizForm({
  initial,
  quizId,
  locked = false,
  readOnly = false,
  zone,
  onCreated,
}: {
  initial: QuizDraft;
  quizId?: number;
  /** A student has started it: its parts are fixed. */
  locked?: boolean;
  /** Not the caller's to change (another teacher's): shown, not saved. */
  readOnly?: boolean;
  zone: string | undefined;
  onCreated: (answer: { id: number; message: string }) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveQuiz();
  const queryClient = useQueryClient();
  const outcome = useFormOutcome(() => draftProblem(draft));
  const formId = useId();
  const change = (next: Partial<QuizDraft>) => setDraft((d) => ({ ...d, ...next }));

  const handleSend = () =>
    save.mutate(saveRequestOf(draft, quizId), {
      onSuccess: (answer) => {
        if (quizId === undefined) return onCreated(answer);
        // The save waited for the quiz to be asked for again: its parts as saved.
        const saved = queryClient.getQueryData<CallResponse<'getQuiz'>>(
          queryKeys.quizzes.quiz(quizId),
        );
        if (saved) change({ parts: draftOf(saved.quiz, zone).parts });
        outcome.succeed(answer.message);
      },
      onError: (error) => outcome.fail(saveFailure(error)),
    });

  return (
    <>
      <Card title="Settings">
        <Form id={formId} onSend={handleSend} outcome={outcome}>
          <AboutFields draft={draft} onChange={change} zone={zone} />
          <RulesFields draft={draft} onChange={change} />
          {draft.kind === 'placement' && <BandsFields draft={draft} onChange={change} />}
          <ReviewFields draft={draft} onChange={change} />
        </Form>
      </Card>
      <Card title="Questions">
        <PartsEditor
          parts={draft.parts}
          locked={locked || readOnly}
          started={locked}
          onChange={(parts) => {
            outcome.onEntry();
            change({ parts });
          }}
        />
      </Card>
      {!readOnly && (
        <Card>
          <FormMessage outcome={outcome} />
          <SubmitButton form={formId} block busy={save.isPending} busyLabel="Saving...">
            {quizId === undefined ? 'Create the quiz' : 'Save the quiz'}
          </SubmitButton>
        </Card>
      )}
    </>
  );
}
