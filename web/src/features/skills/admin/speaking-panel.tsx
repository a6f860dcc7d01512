import { SPEAKING_DEFAULT_SECONDS, SPEAKING_MAX_SECONDS } from '@academy/contract/constants';
import { Download, MessageSquareText, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { StudentLink } from '../../../components';
import { formatDue, formatLongDateTime, timesAreIn, toLocalInputValue } from '../../../lib/dates';
import { resolveFileUrl } from '../../../lib/file-links';
import { AudioPlayer } from '../../../media/audio-player';
import { Recorder } from '../../../media/recorder';
import { describeDuration, formatClock } from '../../../media/recording';
import {
  Button,
  Card,
  ConfirmPopup,
  FieldRow,
  Form,
  FormMessage,
  Message,
  QueryView,
  SelectField,
  Stack,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../../ui';
import { useAcademyTimeZone } from '../../branding/queries';
import { AnswerCards } from './answer-cards';
import styles from './skill-admin.module.css';
import {
  useDeleteSpeakingQuestion,
  useReplySpeakingAnswer,
  useSaveSpeakingQuestion,
  useSpeakingAnswers,
  useSpeakingQuestions,
} from './use-skill-admin';

interface EditableQuestion {
  id: number;
  question_text: string;
  start_time: string;
  end_time: string;
  answer_seconds: number;
}

/** The time limits offered for a recorded answer, in seconds (at most SPEAKING_MAX_SECONDS). */
const LIMIT_CHOICES = [30, 60, 90, 120, 180, 240, SPEAKING_MAX_SECONDS];

function QuestionForm({
  question,
  onDone,
}: {
  question?: EditableQuestion;
  onDone: (message: string) => void;
}) {
  const save = useSaveSpeakingQuestion();
  // Typed and shown on the academy's clock, which the server reads a wall time on.
  const zone = useAcademyTimeZone();
  const [text, setText] = useState(question?.question_text ?? '');
  const [opens, setOpens] = useState(() => toLocalInputValue(question?.start_time, zone));
  const [closes, setCloses] = useState(() => toLocalInputValue(question?.end_time, zone));
  const [seconds, setSeconds] = useState(question?.answer_seconds ?? SPEAKING_DEFAULT_SECONDS);
  // A limit set some other way (the API takes any from 10 s) stays offered as it is.
  const choices = LIMIT_CHOICES.includes(seconds)
    ? LIMIT_CHOICES
    : [...LIMIT_CHOICES, seconds].sort((a, b) => a - b);
  const outcome = useFormOutcome(() =>
    !text.trim()
      ? 'Please enter the question.'
      : !opens || !closes
        ? 'Please choose when it opens and closes.'
        : new Date(closes) <= new Date(opens)
          ? 'The end time must be after the start time.'
          : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    save.mutate(
      {
        ...(question ? { id: question.id } : {}),
        question_text: text.trim(),
        start_time: opens,
        end_time: closes,
        answer_seconds: seconds,
      },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'Failed to save the question. Please try again.' }),
          ),
      },
    );
  };

  return (
    <Card title={question ? 'Edit question' : 'New speaking question'}>
      <Form onSubmit={handleSubmit} outcome={outcome}>
        <TextAreaField
          label="Question"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={2000}
        />
        <FieldRow>
          <TextField
            label="Opens"
            type="datetime-local"
            hint={timesAreIn(zone)}
            value={opens}
            onChange={(e) => setOpens(e.target.value)}
          />
          <TextField
            label="Closes"
            type="datetime-local"
            hint={timesAreIn(zone)}
            value={closes}
            onChange={(e) => setCloses(e.target.value)}
          />
        </FieldRow>
        <SelectField
          label="Recording time limit"
          hint="A recording in the browser stops by itself at this length."
          value={seconds}
          onChange={(e) => setSeconds(Number(e.target.value))}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {describeDuration(choice)}
            </option>
          ))}
        </SelectField>
        <FormMessage outcome={outcome} />
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={() => onDone('')}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

interface AnswerWithReply {
  id: number;
  user_name: string;
  reply: {
    reply_text: string;
    reply_audio_url: string | null;
    reply_audio_seconds: number | null;
    replied_at: string;
  } | null;
}

/**
 * The administrator's reply beside an answer (issue 21): words, a recording, or both; sent
 * again, it replaces what the student has.
 */
function ReplyForm({ answer }: { answer: AnswerWithReply }) {
  const reply = useReplySpeakingAnswer();
  const [text, setText] = useState(answer.reply?.reply_text ?? '');
  const [audio, setAudio] = useState<File | null>(null);
  const [removeAudio, setRemoveAudio] = useState(false);
  const [recorderKey, setRecorderKey] = useState(0);
  const hasAudio = answer.reply?.reply_audio_url != null;
  const outcome = useFormOutcome(() =>
    !text.trim() && !audio && !(hasAudio && !removeAudio)
      ? 'Please write a reply or record one.'
      : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    reply.mutate(
      { answerId: answer.id, text: text.trim(), audio, removeAudio },
      {
        onSuccess: (sent) => {
          outcome.succeed(sent.message);
          setAudio(null);
          setRemoveAudio(false);
          setRecorderKey((k) => k + 1);
        },
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'Failed to send the reply. Please try again.' }),
          ),
      },
    );
  };

  return (
    <Form onSubmit={handleSubmit} outcome={outcome} className={styles.replyForm}>
      {answer.reply?.reply_audio_url && (
        <div className={styles.currentReply}>
          <AudioPlayer
            src={answer.reply.reply_audio_url}
            label={`Your recorded reply to ${answer.user_name}`}
            caption="Your reply"
            seconds={answer.reply.reply_audio_seconds}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={removeAudio}
              onChange={(e) => setRemoveAudio(e.target.checked)}
            />{' '}
            Remove the recorded reply
          </label>
        </div>
      )}
      <TextAreaField
        label={`Reply to ${answer.user_name}`}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={2000}
      />
      <Recorder
        key={recorderKey}
        label={
          answer.reply?.reply_audio_url ? 'Record a new spoken reply' : 'Record a spoken reply'
        }
        limitSeconds={SPEAKING_MAX_SECONDS}
        fileName="reply"
        onChange={setAudio}
        disabled={reply.isPending}
      />
      <FormMessage outcome={outcome} />
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={reply.isPending}>
          {reply.isPending ? 'Sending...' : answer.reply ? 'Update reply' : 'Send reply'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Each student's recorded answer: play it here or download it, reply to it, and the cards
 * made from it (listed, edited, deleted, added).
 */
function Answers({ questionId, count }: { questionId: number; count: number }) {
  const [open, setOpen] = useState(false);
  const answers = useSpeakingAnswers(questionId, open);
  return (
    <div>
      <Button
        variant="ghost"
        size="small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        disabled={count === 0}
      >
        <MessageSquareText size={16} aria-hidden="true" />{' '}
        {count === 0 ? 'No answers yet' : `${count} answer${count === 1 ? '' : 's'}`}
      </Button>
      {open && (
        <QueryView query={answers} error="Failed to load the answers.">
          {(data) => (
            <ul className={styles.list} aria-label="Answers">
              {data.answers.map((a) => (
                <li key={a.id} className={styles.answer}>
                  <StudentLink id={a.user_id}>{a.user_name}</StudentLink>
                  <span className={styles.meta}>{formatLongDateTime(a.created_at)}</span>
                  <AudioPlayer
                    src={a.file_url}
                    label={`Answer of ${a.user_name}`}
                    caption="Student’s answer"
                    seconds={a.duration_seconds}
                  />
                  <a href={resolveFileUrl(a.file_url)} download={a.file_name}>
                    <Download size={14} aria-hidden="true" /> Download
                  </a>
                  <ReplyForm answer={a} />
                  <AnswerCards answer={a} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      )}
    </div>
  );
}

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
          <ul className={styles.list} aria-label="Speaking questions">
            {data.questions.map((q) => (
              <li key={q.id}>
                <Card>
                  <div className={styles.itemHead}>
                    <div>
                      <h3 className={styles.itemTitle}>{q.question_text}</h3>
                      <p className={styles.meta}>
                        {formatDue(q.start_time, zone)} to {formatDue(q.end_time, zone)}
                      </p>
                      <p className={styles.meta}>
                        {`Recordings up to ${formatClock(q.answer_seconds)}`}
                      </p>
                    </div>
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
                  </div>
                  <Answers questionId={q.id} count={q.answers_count} />
                </Card>
              </li>
            ))}
          </ul>
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
