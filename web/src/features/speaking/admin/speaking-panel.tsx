import { explainFailure } from '../../../api/failure-text';
import { formatDue } from '../../../lib/dates';
import { formatClock } from '../../../media/recording';
import { useAcademyTimeZone } from '../../../shared/branding';
import {
  ConfirmDelete,
  FormMessage,
  ItemCard,
  QueryItemList,
  RecordActions,
  Stack,
  useRecordDelete,
} from '../../../ui';
import { RecordEditorSlot, useRecordEditor } from '../../../ui/record-editor';
import { Answers } from './answers';
import { type EditableQuestion, QuestionForm } from './question-form';
import { useDeleteSpeakingQuestion, useSpeakingQuestions } from './use-speaking-admin';

/** Speaking questions: create, edit, delete, and the answers to each. */
export function SpeakingPanel() {
  const questions = useSpeakingQuestions();
  const zone = useAcademyTimeZone();
  const { message, deleting } = useRecordDelete<EditableQuestion>(
    useDeleteSpeakingQuestion(),
    explainFailure('Failed to delete the question.'),
    'The question was deleted.',
  );
  const editor = useRecordEditor<EditableQuestion>(message);

  return (
    <Stack>
      <RecordEditorSlot editor={editor} newLabel="New speaking question">
        {(question, onDone) => <QuestionForm question={question} onDone={onDone} />}
      </RecordEditorSlot>
      <FormMessage outcome={message} />
      <QueryItemList
        query={questions}
        error="Failed to load the speaking questions."
        empty="No speaking questions yet."
        items={(data) => data.questions}
        label="Speaking questions"
      >
        {(q) => (
          <ItemCard
            title={q.question_text}
            lines={[
              `For: ${q.audience}`,
              `${formatDue(q.start_time, zone)} to ${formatDue(q.end_time, zone)}`,
              `Recordings up to ${formatClock(q.answer_seconds)}`,
            ]}
            actions={
              q.can_change && (
                <RecordActions
                  name={q.question_text}
                  onEdit={() => editor.edit(q)}
                  onDelete={() => deleting.ask(q)}
                  alignEnd
                />
              )
            }
          >
            <Answers questionId={q.id} count={q.answers_count} />
          </ItemCard>
        )}
      </QueryItemList>
      <ConfirmDelete confirm={deleting} title="Delete this question?">
        {() => 'The students’ recorded answers to it will be deleted too.'}
      </ConfirmDelete>
    </Stack>
  );
}
