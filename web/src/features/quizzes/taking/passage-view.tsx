import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { call } from '../../../api/client';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { queryKeys } from '../../../api/query-keys';
import { readStoredUser } from '../../../api/session';
import { resolveFileUrl } from '../../../lib/file-links';
import { Button, Card, ItemText, Message } from '../../../ui';
import styles from './quizzes.module.css';
import type { AttemptItem } from './use-attempt';

type Passage = NonNullable<AttemptItem['passage']>;

const playFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The recording could not be played. Please try again.',
});

const playsWords = (left: number | null) =>
  left === null
    ? null
    : left === 0
      ? 'No plays left.'
      : `${left} ${left === 1 ? 'play' : 'plays'} left.`;

/**
 * What items stand on: a reading's text, or a recording played through the server, which
 * counts each play against the passage's limit (the limit is the server's, never the phone's).
 */
export function PassageView({ passage, attemptId }: { passage: Passage; attemptId: number }) {
  if (passage.kind === 'text') {
    return (
      <Card title={passage.title || 'Read this'}>
        <ItemText>{passage.text}</ItemText>
      </Card>
    );
  }
  return <RecordingPassage passage={passage} attemptId={attemptId} />;
}

function RecordingPassage({ passage, attemptId }: { passage: Passage; attemptId: number }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const play = useMutation({
    mutationFn: () =>
      call('playQuizRecording', {
        user_id: readStoredUser()?.id ?? 0,
        attempt_id: attemptId,
        passage_id: passage.id,
      }),
    onSuccess: (played) => {
      setUrl(played.file_url);
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.attempt(attemptId) });
    },
  });
  const left = play.data ? play.data.plays_left : passage.plays_left;
  const title = passage.title || 'Listen';

  return (
    <Card title={title}>
      {url && (
        // biome-ignore lint/a11y/useMediaCaption: a listening test's recording has no captions.
        <audio
          className={styles.player}
          controls
          autoPlay
          src={resolveFileUrl(url)}
          aria-label={`Recording: ${title}`}
        />
      )}
      <Button
        variant="secondary"
        disabled={play.isPending || left === 0}
        onClick={() => play.mutate()}
      >
        <Play size={18} aria-hidden="true" /> {url ? 'Play again' : 'Play the recording'}
      </Button>
      {playsWords(left) && <p className={styles.hint}>{playsWords(left)}</p>}
      {play.isError && <Message tone="error">{playFailure(play.error)}</Message>}
    </Card>
  );
}
