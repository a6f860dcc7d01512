import { MAX_FILE_BYTES, SPEAKING_DEFAULT_SECONDS } from '@academy/contract/constants';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { refusalMessage } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { formatLongDateTime } from '../../lib/dates';
import { AudioPlayer } from '../../media/audio-player';
import { Recorder } from '../../media/recorder';
import { TeacherReply } from '../../media/teacher-reply';
import { paths } from '../../shared/paths';
import {
  Button,
  Card,
  FilePicker,
  Form,
  Message,
  ProgressPopup,
  QueryView,
  Screen,
} from '../../ui';
import { useFeedbackOpened } from '../notifications/use-notifications';
import { type Failure, FailureMessage } from './failure-message';
import styles from './skills.module.css';
import { useSendSpeakingAnswer, useSpeakingQuestion, useSpeakingStatus } from './use-speaking';

/** /speaking-screen: the active question and one recorded answer per student, uploaded with progress. */
export default function SpeakingScreen() {
  const question = useSpeakingQuestion();
  const active = question.data?.success ? question.data.data : null;
  const status = useSpeakingStatus(active?.id);
  // Skill Builder's count of new replies goes once the student is here (issue 27).
  useFeedbackOpened('skill_builder');
  const [file, setFile] = useState<File | null>(null);
  // A recording made here (issue 21); choosing a file instead drops it, and the other way round.
  const [recording, setRecording] = useState<File | null>(null);
  const [recorderKey, setRecorderKey] = useState(0);
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<
    ({ tone: 'error' } & Failure) | { tone: 'success'; text: string } | null
  >(null);
  const send = useSendSpeakingAnswer(setPercent);
  const isAnswered = status.data?.status === 'answered' || send.isSuccess;

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
    if (!answer || !active) {
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
      { userId, questionId: active.id, file: answer },
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
          void status.refetch();
        },
      },
    );
  };

  // Drawn once the question has come (QueryView below).
  let body: ReactNode;
  if (!active)
    body = <Message tone="info">{question.data?.message || 'No active question found.'}</Message>;
  else {
    body = (
      <Card>
        {/* Choosing another file clears what the last one was told (handleChoose). */}
        <Form onSubmit={handleSubmit}>
          <h2 className={styles.itemTitle}>{active.question_text}</h2>
          <p className={styles.note}>{`Open until ${formatLongDateTime(active.end_time)}.`}</p>
          <p className={styles.note}>Maximum file size is 5MB.</p>
          {!isAnswered && (
            <Recorder
              key={recorderKey}
              label="Record your answer"
              limitSeconds={active.answer_seconds ?? SPEAKING_DEFAULT_SECONDS}
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
        </Form>
        {/* Issue 27, point 18: once sent, the student can hear what they sent. */}
        {status.data?.answer && (
          <AudioPlayer
            src={status.data.answer.file_url}
            label="Your answer, recorded"
            caption="Your answer"
            seconds={status.data.answer.duration_seconds}
          />
        )}
        {status.data?.reply && (
          <TeacherReply
            text={status.data.reply.reply_text}
            audioUrl={status.data.reply.reply_audio_url}
            audioSeconds={status.data.reply.reply_audio_seconds}
            at={status.data.reply.replied_at}
          />
        )}
      </Card>
    );
  }

  return (
    <Screen
      title="Speaking"
      back={{ to: paths.skillBuilder, label: 'Back to Skill Builder' }}
      width="narrow"
    >
      <QueryView query={question} error="Error fetching question.">
        {() => body}
      </QueryView>
      <ProgressPopup open={send.isPending} percent={percent} />
    </Screen>
  );
}
