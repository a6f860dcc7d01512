import { CEFR_LEVELS } from '@academy/contract/quizzes/item-rules';
import { FieldRow, NumberField } from '../../../ui';
import styles from './builder.module.css';
import { bandLines, bandProblems } from './quiz-draft';
import type { DraftFieldsProps } from './settings-fields';

/**
 * A placement test's bands: for each level, the lowest percent of the mark that suggests it
 * (blank leaves the level out). What is wrong is said as it is typed; once right, what each
 * score suggests, so a teacher sees the gaps and the top band.
 */
export function BandsFields({ draft, onChange }: DraftFieldsProps) {
  const problems = bandProblems(draft.bands);
  return (
    <fieldset className={styles.group}>
      <legend>Levels suggested by the score</legend>
      <p className={styles.muted}>
        For each level, the lowest percent of the mark that suggests it. Leave a level blank to
        leave it out; each level starts higher than the one before.
      </p>
      <FieldRow>
        {CEFR_LEVELS.map((level) => (
          <NumberField
            key={level}
            label={`${level} from (%)`}
            value={draft.bands[level]}
            onChange={(e) => onChange({ bands: { ...draft.bands, [level]: e.target.value } })}
          />
        ))}
      </FieldRow>
      {problems.length > 0 ? (
        <ul className={styles.problems} aria-label="To fix in the bands" aria-live="polite">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : (
        <ul className={styles.lines} aria-label="What each score suggests" aria-live="polite">
          {bandLines(draft.bands).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
