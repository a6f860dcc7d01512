import { SPEAKING_MAX_SECONDS } from '@academy/contract/constants';
import type { Mark } from '@academy/contract/marks';
import { useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { MarkFields, markInputOf, markProblem } from '../../../components';
import { AudioPlayer } from '../../../media/audio-player';
import { Recorder } from '../../../media/recorder';
import {
  ActionRow,
  Form,
  FormMessage,
  SubmitButton,
  TextAreaField,
  useFormOutcome,
} from '../../../ui';
import styles from './speaking-admin.module.css';
import { useReplySpeakingAnswer } from './use-speaking-admin';

interface AnswerWithReply {
  id: number;
  user_name: string;
  reply: {
    reply_text: string;
    reply_audio_url: string | null;
    reply_audio_seconds: number | null;
    replied_at: string;
    mark: Mark | null;
  } | null;
}

/**
 * The administrator's reply beside an answer (issue 21): words, a recording, or both; sent
 * again, it replaces what the student has.
 */
export function ReplyForm({ answer }: { answer: AnswerWithReply }) {
  const reply = useReplySpeakingAnswer();
  const [text, setText] = useState(answer.reply?.reply_text ?? '');
  const [audio, setAudio] = useState<File | null>(null);
  const [removeAudio, setRemoveAudio] = useState(false);
  // The mark it has, to keep or change: sent again, the reply carries what the form shows.
  const [mark, setMark] = useState(() => markInputOf(answer.reply?.mark ?? null));
  const [recorderKey, setRecorderKey] = useState(0);
  const hasAudio = answer.reply?.reply_audio_url != null;
  const outcome = useFormOutcome(() =>
    !text.trim() && !audio && !(hasAudio && !removeAudio)
      ? 'Please write a reply or record one.'
      : markProblem(mark),
  );

  const handleSend = () =>
    reply.mutate(
      { answerId: answer.id, text: text.trim(), audio, removeAudio, mark },
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

  return (
    <Form onSend={handleSend} outcome={outcome} className={styles.replyForm}>
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
      <MarkFields value={mark} onChange={setMark} disabled={reply.isPending} />
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
      <ActionRow alignEnd>
        <SubmitButton size="small" busy={reply.isPending} busyLabel="Sending...">
          {answer.reply ? 'Update reply' : 'Send reply'}
        </SubmitButton>
      </ActionRow>
    </Form>
  );
}
