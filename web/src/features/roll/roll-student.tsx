import { MAX_ROLL_NOTE } from '@academy/contract';
import { MARK_LABELS, MARKS, type Mark } from '@academy/contract/roll-rules';
import { TextField } from '../../ui';
import styles from './roll.module.css';

/**
 * One student of the roll: four marks, one tap each, and a note for anything but present
 * (why late, why excused). Native radios, so a keyboard moves between the marks with arrows
 * and a screen reader names the student and the mark.
 */
export function RollStudent({
  id,
  name,
  mark,
  note,
  onChange,
}: {
  id: number;
  name: string;
  mark: Mark;
  note: string;
  onChange: (change: { mark: Mark; note: string }) => void;
}) {
  return (
    <fieldset className={styles.student}>
      <legend className={styles.name}>{name}</legend>
      <div className={styles.marks}>
        {MARKS.map((choice) => (
          <label key={choice} className={`${styles.mark} ${styles[choice]}`}>
            <input
              type="radio"
              name={`mark-${id}`}
              value={choice}
              checked={mark === choice}
              onChange={() => onChange({ mark: choice, note: choice === 'present' ? '' : note })}
            />
            <span>{MARK_LABELS[choice]}</span>
          </label>
        ))}
      </div>
      {mark !== 'present' && (
        <TextField
          label={`Note for ${name} (optional)`}
          value={note}
          maxLength={MAX_ROLL_NOTE}
          onChange={(e) => onChange({ mark, note: e.target.value })}
        />
      )}
    </fieldset>
  );
}
