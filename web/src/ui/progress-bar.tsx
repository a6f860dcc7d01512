import styles from './progress-bar.module.css';

/**
 * How far an upload has gone, in the app's colours (the browser's own bar is a grey and blue
 * box that ignores the design). A progress bar to screen readers, with its percentage.
 */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className={styles.fill} style={{ width: `${value}%` }} />
    </div>
  );
}
