import { failureText } from '../../../api/failure-text';
import { formatDue } from '../../../lib/dates';
import { formatClock } from '../../../media/recording';
import {
  ConfirmPopup,
  FormMessage,
  ItemCard,
  ItemList,
  Meta,
  QueryView,
  RecordActions,
  Stack,
  useConfirm,
  useFormOutcome,
} from '../../../ui';
import { useAcademyTimeZone } from '../../branding/queries';
import { RecordEditorSlot, useRecordEditor } from '../../skills/admin/record-editor';
import { Answers } from './answers';
import { type EditableQuestion, QuestionForm } from './question-form';
import { useDeleteSpeakingQuestion, useSpeakingQuestions } from './use-speaking-admin';

/** Speaking questions: create, edit, delete, and the answers to each. */
export function SpeakingPanel() {
  const questions = useSpeakingQuestions();
  const zone = useAcademyTimeZone();
  const remove = useDeleteSpeakingQuestion();
  const message = useFormOutcome();
  const editor = useRecordEditor<EditableQuestion>(message);
  const deleting = useConfirm<EditableQuestion>((question, close) =>
    remove.mutate(question.id, {
      onSuccess: () => message.succeed('The question was deleted.'),
      onError: (error) =>
        message.fail(failureText(error, { fallback: 'Failed to delete the question.' })),
      onSettled: close,
    }),
  );

  return (
    <Stack>
      <RecordEditorSlot editor={editor} newLabel="New speaking question">
        {(question, onDone) => <QuestionForm question={question} onDone={onDone} />}
      </RecordEditorSlot>
      <FormMessage outcome={message} />
      <QueryView
        query={questions}
        error="Failed to load the speaking questions."
        empty="No speaking questions yet."
        isEmpty={(data) => data.questions.length === 0}
      >
        {(data) => (
          <ItemList label="Speaking questions">
            {data.questions.map((q) => (
              <ItemCard
                key={q.id}
                title={q.question_text}
                meta={
                  <>
                    <Meta>
                      {formatDue(q.start_time, zone)} to {formatDue(q.end_time, zone)}
                    </Meta>
                    <Meta>{`Recordings up to ${formatClock(q.answer_seconds)}`}</Meta>
                  </>
                }
                actions={
                  <RecordActions
                    name={q.question_text}
                    onEdit={() => editor.edit(q)}
                    onDelete={() => deleting.ask(q)}
                    alignEnd
                  />
                }
              >
                <Answers questionId={q.id} count={q.answers_count} />
              </ItemCard>
            ))}
          </ItemList>
        )}
      </QueryView>
      <ConfirmPopup
        {...deleting.popup}
        title="Delete this question?"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
      >
        The students’ recorded answers to it will be deleted too.
      </ConfirmPopup>
    </Stack>
  );
}
