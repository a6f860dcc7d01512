import { Popup } from './popup';
import { ProgressBar } from './progress-bar';
import styles from './progress-popup.module.css';

/** The upload popup of spec section 2: 'Uploading: N%' with a bar, while a file is on its way. */
export function ProgressPopup({ open, percent }: { open: boolean; percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Popup open={open} title="Uploading" onClose={() => undefined} actions={<span />}>
      <p className={styles.label} aria-live="polite">{`Uploading: ${value}%`}</p>
      <ProgressBar percent={value} label="Upload progress" />
    </Popup>
  );
}
