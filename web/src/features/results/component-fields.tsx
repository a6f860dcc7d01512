import {
  COMPONENT_NAME_MAX,
  COMPONENT_SOURCES,
  type ComponentSource,
  SOURCE_WORDS,
} from '@academy/contract/results';
import { Button, NumberField, Options, SelectField, TextField } from '../../ui';
import { QuizChoiceFields, type QuizChoiceRow, quizChoiceOf } from './quiz-choice-fields';
import styles from './results.module.css';
import type { SheetComponent } from './use-results';

/** A component as the scheme editor holds it: its fields as typed. */
export interface ComponentRow extends QuizChoiceRow {
  /** React's key: the component's own key, or one made for a new component. */
  id: string;
  /** The component's key on the server; none for one added here. */
  key?: string;
  name: string;
  weight: string;
  source: ComponentSource;
  final: boolean;
}

/** A saved component as the editor holds it. */
export const rowOf = (c: SheetComponent): ComponentRow => ({
  id: c.key,
  key: c.key,
  name: c.name,
  weight: String(c.weight),
  source: c.source,
  final: c.final,
  quizChoice: quizChoiceOf(c),
  quizTag: c.quiz_tag ?? '',
  quizId: c.quiz_id == null ? '' : String(c.quiz_id),
});

/** One component of a scheme: its name, weight, where its scores come from, and if it is a final's. */
export function ComponentFields({
  row,
  number,
  onChange,
  onRemove,
}: {
  row: ComponentRow;
  number: number;
  onChange: (row: ComponentRow) => void;
  /** Absent where it is the scheme's only component. */
  onRemove?: () => void;
}) {
  const named = row.name.trim() || `component ${number}`;
  return (
    <fieldset className={styles.component}>
      <legend className={styles.componentLegend}>Component {number}</legend>
      <div className={styles.componentFields}>
        <TextField
          label="Name"
          maxLength={COMPONENT_NAME_MAX}
          value={row.name}
          onChange={(e) => onChange({ ...row, name: e.target.value })}
        />
        <NumberField
          label="Weight (%)"
          className={styles.weightField}
          value={row.weight}
          onChange={(e) => onChange({ ...row, weight: e.target.value })}
        />
      </div>
      <SelectField
        label="Scores come from"
        value={row.source}
        onChange={(e) => onChange({ ...row, source: e.target.value as ComponentSource })}
      >
        <Options values={COMPONENT_SOURCES} label={(source) => SOURCE_WORDS[source]} />
      </SelectField>
      {row.source === 'quizzes' && <QuizChoiceFields row={row} onChange={onChange} />}
      <div className={styles.componentEnd}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={row.final}
            onChange={(e) => onChange({ ...row, final: e.target.checked })}
          />{' '}
          Final exam
        </label>
        {onRemove && (
          <Button
            variant="secondary"
            size="small"
            aria-label={`Remove ${named}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        )}
      </div>
    </fieldset>
  );
}
