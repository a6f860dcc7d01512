import { type Mark, markText } from '@academy/contract/marks';
import type { ReactNode } from 'react';
import { formatLongDateTime } from '../lib/dates';
import { AudioPlayer } from './audio-player';
import styles from './recorder.module.css';

/**
 * What the administrator said back (issue 21): their words and, if they recorded one, their
 * voice. The speaking screen and Assignment Results show it.
 */
export function TeacherReply({
  title = 'Your teacher’s reply',
  text,
  audioUrl,
  audioSeconds,
  at,
  mark,
  children,
}: {
  title?: string;
  text?: string | null;
  audioUrl: string | null;
  /** The recorded reply's length as the server measured it. */
  audioSeconds?: number | null;
  at?: string;
  /** The mark the reply gives (issue 30), if any. */
  mark?: Mark | null;
  children?: ReactNode;
}) {
  return (
    <section className={styles.reply} aria-label={title}>
      <h3 className={styles.replyTitle}>{title}</h3>
      {at && <p className={styles.meta}>{formatLongDateTime(at)}</p>}
      {children}
      {mark && (
        <p className={styles.replyText}>
          <strong>Mark:</strong> {markText(mark)}
        </p>
      )}
      {text && <p className={styles.replyText}>{text}</p>}
      {audioUrl && (
        <AudioPlayer src={audioUrl} label={`${title}, recorded`} seconds={audioSeconds} />
      )}
    </section>
  );
}
