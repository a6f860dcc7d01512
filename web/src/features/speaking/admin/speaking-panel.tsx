import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { formatDue } from '../../../lib/dates';
import { formatClock } from '../../../media/recording';
import {
  Button,
  ConfirmPopup,
  ItemCard,
  ItemList,
  Message,
  Meta,
  QueryView,
  Stack,
} from '../../../ui';
import { useAcademyTimeZone } from '../../branding/queries';
import { Answers } from './answers';
import { type EditableQuestion, QuestionForm } from './question-form';
import styles from './speaking-admin.module.css';
import { useDeleteSpeakingQuestion, useSpeakingQuestions } from './use-speaking-admin';

/** Speaking questions: create, edit, delete, and the answers to each. */
export function SpeakingPanel() {
  const questions = useSpeakingQuestions();
  const zone = useAcademyTimeZone();
  const remove = useDeleteSpeakingQuestion();
  const [editing, setEditing] = useState<EditableQuestion | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<EditableQuestion | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const handleDone = (message: string) => {
    setEditing(null);
    if (message) setNotice({ tone: 'success', text: message });
  };

  return (
    <Stack>
      {editing === null ? (
        <div>
          <Button onClick={() => setEditing('new')}>
            <Plus size={18} aria-hidden="true" /> New speaking question
          </Button>
        </div>
      ) : (
        <QuestionForm
          key={editing === 'new' ? 'new' : editing.id}
          question={editing === 'new' ? undefined : editing}
          onDone={handleDone}
        />
      )}
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
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
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setEditing(q)}
                      aria-label={`Edit ${q.question_text}`}
                    >
                      <Pencil size={16} aria-hidden="true" /> Edit
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setToDelete(q)}
                      aria-label={`Delete ${q.question_text}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  </div>
                }
              >
                <Answers questionId={q.id} count={q.answers_count} />
              </ItemCard>
            ))}
          </ItemList>
        )}
      </QueryView>
      <ConfirmPopup
        open={toDelete !== null}
        title="Delete this question?"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => setNotice({ tone: 'success', text: 'The question was deleted.' }),
            onError: (error) =>
              setNotice({
                tone: 'error',
                text: failureText(error, { fallback: 'Failed to delete the question.' }),
              }),
            onSettled: () => setToDelete(null),
          })
        }
        onCancel={() => setToDelete(null)}
      >
        The students’ recorded answers to it will be deleted too.
      </ConfirmPopup>
    </Stack>
  );
}
