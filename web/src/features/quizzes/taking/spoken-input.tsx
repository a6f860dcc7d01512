import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../api/client';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { readStoredUser } from '../../../api/session';
import { Recorder } from '../../../media/recorder';
import { Button, Message, ProgressPopup } from '../../../ui';
import type { InputProps } from './item-types';

const failure = explainFailure({
  network: `${NO_CONNECTION} Your recording is still here: save it again once you are online.`,
  fallback: 'The recording could not be saved. Please try again.',
});

/**
 * A spoken answer: recorded with the app's recorder and uploaded as the item's answer in one
 * call. A recording is a file, which cannot wait in the offline store, so it is sent only
 * online; the student is told if it did not go.
 */
export function SpokenInput({
  body,
  answer,
  name,
  attemptId,
  position,
  onRecorded,
}: InputProps<'spoken'> & {
  attemptId: number;
  position: number;
  onRecorded: (file: string) => void;
}) {
  const [recording, setRecording] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) =>
      call(
        'saveQuizRecording',
        {
          user_id: readStoredUser()?.id ?? 0,
          attempt_id: attemptId,
          position,
          audio_file: file,
        },
        { onUploadProgress: setPercent },
      ),
    onSuccess: () => {
      setRecording(null);
      onRecorded('recorded');
    },
  });
  const isSaved = answer !== null && answer.file !== '';

  return (
    <div>
      <Recorder
        key={name}
        label="Record your answer"
        limitSeconds={body.max_seconds}
        fileName={`answer-${position + 1}`}
        onChange={(file) => {
          upload.reset();
          setRecording(file);
        }}
        disabled={upload.isPending}
      />
      {recording && (
        <Button
          block
          disabled={upload.isPending}
          onClick={() => {
            setPercent(0);
            upload.mutate(recording);
          }}
        >
          {isSaved ? 'Save this recording instead' : 'Save my recording'}
        </Button>
      )}
      {upload.isError && <Message tone="error">{failure(upload.error)}</Message>}
      {isSaved && !recording && <Message tone="success">Your recording is saved.</Message>}
      <ProgressPopup open={upload.isPending} percent={percent} />
    </div>
  );
}
