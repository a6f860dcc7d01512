import { resolveFileUrl } from '../lib/file-links';
import styles from './recorder.module.css';

/**
 * Plays a recording: a stored file's signed link (`files/…`, resolved against the API) or a
 * blob: URL of one just made. The browser's own controls, as wide as their column. A stored
 * file is fetched only when played (a list of answers costs a phone nothing until then); one
 * just made is already in memory.
 */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const isLocal = src.startsWith('blob:');
  return (
    // biome-ignore lint/a11y/useMediaCaption: spoken answers and replies have no captions.
    <audio
      controls
      preload={isLocal ? 'metadata' : 'none'}
      src={isLocal ? src : resolveFileUrl(src)}
      aria-label={label}
      className={styles.player}
    />
  );
}
