import type { SyntheticEvent } from 'react';
import { resolveFileUrl } from '../lib/file-links';
import styles from './recorder.module.css';
import { formatClock } from './recording';

/**
 * A recording's length for the native controls when its file does not say it: Chromium's
 * MediaRecorder writes WebM without a duration, so the player reads Infinity and shows 0:00.
 * Seeking past the end makes the browser find the real end; then it goes back to the start.
 * Only while paused (a listener who pressed play is not sent to the end).
 */
function findLength(event: SyntheticEvent<HTMLAudioElement>) {
  const audio = event.currentTarget;
  if (Number.isFinite(audio.duration) || !audio.paused) return;
  const back = () => {
    if (!Number.isFinite(audio.duration)) return;
    audio.removeEventListener('durationchange', back);
    audio.currentTime = 0;
  };
  audio.addEventListener('durationchange', back);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}

/**
 * Plays a recording: a stored file's signed link (`files/…`, resolved against the API) or a
 * blob: URL of one just made. The browser's own controls, as wide as their column. A stored
 * file is fetched only when played (a list of answers costs a phone nothing until then); one
 * just made is already in memory. `caption` says whose recording it is, and `seconds` its
 * length as the server measured it (issue 27, point 18), shown beside it since the controls
 * cannot know it before the file is fetched.
 */
export function AudioPlayer({
  src,
  label,
  caption,
  seconds,
}: {
  src: string;
  label: string;
  caption?: string;
  seconds?: number | null;
}) {
  const isLocal = src.startsWith('blob:');
  const player = (
    // biome-ignore lint/a11y/useMediaCaption: spoken answers and replies have no captions.
    <audio
      controls
      preload={isLocal ? 'metadata' : 'none'}
      src={isLocal ? src : resolveFileUrl(src)}
      aria-label={label}
      className={styles.player}
      onLoadedMetadata={findLength}
    />
  );
  if (caption === undefined && seconds == null) return player;
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        {caption && <span className={styles.captionText}>{caption}</span>}
        {seconds != null && <span className={styles.meta}>{`Length ${formatClock(seconds)}`}</span>}
      </figcaption>
      {player}
    </figure>
  );
}
