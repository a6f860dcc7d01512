import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { CheckCircle2 } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { refusalMessage } from '../../api/client';
import { readStoredUser } from '../../api/session';
import { paths } from '../../app/paths';
import { formatLongDateTime } from '../../lib/dates';
import { Button, Card, Loading, Message, ProgressPopup, Screen, Stack } from '../../ui';
import { type Failure, FailureMessage } from './failure-message';
import styles from './skills.module.css';
import { useSendSpeakingAnswer, useSpeakingQuestion, useSpeakingStatus } from './use-speaking';

/** /speaking-screen: the active question and one recorded answer per student, uploaded with progress. */
export default function SpeakingScreen() {
  const question = useSpeakingQuestion();
  const active = question.data?.success ? question.data.data : null;
  const status = useSpeakingStatus(active?.id);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<
    ({ tone: 'error' } & Failure) | { tone: 'success'; text: string } | null
  >(null);
  const input = useRef<HTMLInputElement>(null);
  const send = useSendSpeakingAnswer(setPercent);
  const isAnswered = status.data?.status === 'answered' || send.isSuccess;

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setOutcome(null);
    if (chosen && chosen.size > MAX_FILE_BYTES) {
      setOutcome({ tone: 'error', text: 'The file size exceeds the 5MB limit.' });
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const handleSubmit = () => {
    const userId = readStoredUser()?.id;
    if (!userId) {
      setOutcome({ tone: 'error', text: 'User ID is missing.' });
      return;
    }
    if (!file || !active) {
      setOutcome({ tone: 'error', text: 'Please select a file.' });
      return;
    }
    setOutcome(null);
    setPercent(0);
    send.mutate(
      { userId, questionId: active.id, file },
      {
        onSuccess: (answer) => {
          setOutcome({ tone: 'success', text: answer.message || 'File uploaded successfully.' });
          if (input.current) input.current.value = '';
          setFile(null);
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

  let body: ReactNode;
  if (question.isPending) body = <Loading />;
  else if (question.isError) body = <Message tone="error">Error fetching question.</Message>;
  else if (!active)
    body = <Message tone="info">{question.data.message || 'No active question found.'}</Message>;
  else {
    body = (
      <Card>
        <Stack>
          <h2 className={styles.itemTitle}>{active.question_text}</h2>
          <p className={styles.note}>{`Open until ${formatLongDateTime(active.end_time)}.`}</p>
          <p className={styles.note}>Maximum file size is 5MB.</p>
          <div>
            <label htmlFor="speaking-file" className="visually-hidden">
              Your recorded answer
            </label>
            <input
              id="speaking-file"
              ref={input}
              type="file"
              accept="audio/*"
              onChange={handleChoose}
              disabled={isAnswered || send.isPending}
            />
          </div>
          <Button onClick={handleSubmit} disabled={isAnswered || send.isPending} block>
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
        </Stack>
      </Card>
    );
  }

  return (
    <Screen
      title="Speaking"
      back={{ to: paths.skillBuilder, label: 'Back to Skill Builder' }}
      width="narrow"
    >
      {body}
      <ProgressPopup open={send.isPending} percent={percent} />
    </Screen>
  );
}
