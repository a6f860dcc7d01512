import {
  COMPONENT_NAME_MAX,
  COMPONENT_SOURCES,
  type ComponentSource,
  SOURCE_WORDS,
} from '@academy/contract/results';
import { Button, NumberField, Options, SelectField, TextField } from '../../ui';
import styles from './results.module.css';

/** A component as the scheme editor holds it: its fields as typed. */
export interface ComponentRow {
  /** React's key: the component's own key, or one made for a new component. */
  id: string;
  /** The component's key on the server; none for one added here. */
  key?: string;
  name: string;
  weight: string;
  source: ComponentSource;
  final: boolean;
}

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
