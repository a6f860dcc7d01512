import { resolveFileUrl } from '../lib/file-links';
import styles from './recorder.module.css';

/**
 * Plays a recording: a stored file's signed link (`files/…`, resolved against the API) or a
 * blob: URL of one just made. The browser's own controls, as wide as their column.
 */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const url = src.startsWith('blob:') ? src : resolveFileUrl(src);
  return (
    // biome-ignore lint/a11y/useMediaCaption: spoken answers and replies have no captions.
    <audio controls preload="metadata" src={url} aria-label={label} className={styles.player} />
  );
}
