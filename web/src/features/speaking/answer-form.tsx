import { MAX_FILE_BYTES, SPEAKING_DEFAULT_SECONDS } from '@academy/contract/constants';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { refusalMessage } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { formatLongDateTime } from '../../lib/dates';
import { Recorder } from '../../media/recorder';
import { Button, FilePicker, Form, Message, ProgressPopup } from '../../ui';
import { type Failure, FailureMessage } from '../../ui/failure-message';
import styles from './speaking.module.css';
import { useSendSpeakingAnswer } from './use-speaking';

interface ActiveQuestion {
  id: number;
  question_text: string;
  end_time: string;
  answer_seconds: number;
}

/**
 * The student's one answer to the open question: recorded here or chosen as a file, uploaded
 * with progress. `isAnswered` comes from the question's status; `onRefused` asks for it again.
 */
export function AnswerForm({
  question,
  isAnswered: wasAnswered,
  onRefused,
}: {
  question: ActiveQuestion;
  isAnswered: boolean;
  onRefused: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  // A recording made here (issue 21); choosing a file instead drops it, and the other way round.
  const [recording, setRecording] = useState<File | null>(null);
  const [recorderKey, setRecorderKey] = useState(0);
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<
    ({ tone: 'error' } & Failure) | { tone: 'success'; text: string } | null
  >(null);
  const send = useSendSpeakingAnswer(setPercent);
  const isAnswered = wasAnswered || send.isSuccess;

  const handleRecorded = (recorded: File | null) => {
    setRecording(recorded);
    if (recorded) {
      setFile(null);
      setOutcome(null);
    }
  };

  const handleChoose = (files: File[]) => {
    const chosen = files[0] ?? null;
    setOutcome(null);
    if (chosen && recording) {
      setRecording(null);
      setRecorderKey((k) => k + 1);
    }
    if (chosen && chosen.size > MAX_FILE_BYTES) {
      // Refused and not kept as the choice (the picker clears the browser's too).
      setOutcome({ tone: 'error', text: 'The file size exceeds the 5MB limit.' });
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const userId = readStoredUser()?.id;
    if (!userId) {
      setOutcome({ tone: 'error', text: 'User ID is missing.' });
      return;
    }
    const answer = recording ?? file;
    if (!answer) {
      setOutcome({ tone: 'error', text: 'Please select a file.' });
      return;
    }
    if (answer.size > MAX_FILE_BYTES) {
      setOutcome({ tone: 'error', text: 'The file size exceeds the 5MB limit.' });
      return;
    }
    setOutcome(null);
    setPercent(0);
    send.mutate(
      { userId, questionId: question.id, file: answer },
      {
        onSuccess: (sent) => {
          setOutcome({ tone: 'success', text: sent.message || 'File uploaded successfully.' });
          setFile(null);
          setRecording(null);
        },
        onError: (error) => {
          // The spec's text for any failure; a refusal (too late, already answered, not audio)
          // also says why.
          setOutcome({
            tone: 'error',
            text: 'Error uploading file.',
            reason: refusalMessage(error),
          });
          onRefused();
        },
      },
    );
  };

  return (
    // Choosing another file clears what the last one was told (handleChoose).
    <Form onSubmit={handleSubmit}>
      <h2 className={styles.question}>{question.question_text}</h2>
      <p className={styles.note}>{`Open until ${formatLongDateTime(question.end_time)}.`}</p>
      <p className={styles.note}>Maximum file size is 5MB.</p>
      {!isAnswered && (
        <Recorder
          key={recorderKey}
          label="Record your answer"
          limitSeconds={question.answer_seconds ?? SPEAKING_DEFAULT_SECONDS}
          fileName="answer"
          onChange={handleRecorded}
          disabled={send.isPending}
        />
      )}
      <FilePicker
        label="Your recorded answer"
        hint={isAnswered ? undefined : 'Or choose an audio file recorded elsewhere.'}
        accept="audio/*"
        files={file ? [file] : []}
        onChange={handleChoose}
        disabled={isAnswered || send.isPending}
      />
      <Button type="submit" disabled={isAnswered || send.isPending} block>
        {isAnswered ? (
          <>
            <CheckCircle2 size={18} aria-hidden="true" /> File Submitted
          </>
        ) : (
          'Submit File'
        )}
      </Button>
      {outcome?.tone === 'error' && <FailureMessage failure={outcome} />}
      {outcome?.tone === 'success' && <Message tone="success">{outcome.text}</Message>}
      <ProgressPopup open={send.isPending} percent={percent} />
    </Form>
  );
}
