import { ITEM_LIMITS } from '@academy/contract/quizzes/item-rules';
import { Button, FieldRow, NumberField, TextField } from '../../../ui';
import styles from './bank.module.css';
import type { NumberRow, Parts } from './editor-state';

type NumericalParts = Extract<Parts, { type: 'numerical' }>;

/**
 * A number item's accepted numbers: each with how far either side of it still counts (GIFT's
 * `3.14:0.01`), its credit and its feedback. The student types a number; the server marks it.
 */
export function NumericalFields({
  parts,
  onChange,
}: {
  parts: NumericalParts;
  onChange: (parts: NumericalParts) => void;
}) {
  const setRow = (at: number, change: Partial<NumberRow>) =>
    onChange({
      ...parts,
      accepted: parts.accepted.map((a, n) => (n === at ? { ...a, ...change } : a)),
    });
  const add = () =>
    onChange({
      ...parts,
      accepted: [...parts.accepted, { value: '', tolerance: '0', percent: '100', feedback: '' }],
    });
  const remove = (at: number) =>
    onChange({ ...parts, accepted: parts.accepted.filter((_, n) => n !== at) });

  return (
    <>
      <ol className={styles.parts} aria-label="Accepted numbers">
        {parts.accepted.map((row, n) => (
          // The rows have no id of their own; their place is who they are while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end or removed
          <li key={n}>
            <fieldset className={styles.part}>
              <legend>Accepted number {n + 1}</legend>
              <FieldRow>
                <TextField
                  label="Number"
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.value}
                  onChange={(e) => setRow(n, { value: e.target.value })}
                />
                <TextField
                  label="Give or take"
                  hint="0: exactly this number."
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.tolerance}
                  onChange={(e) => setRow(n, { tolerance: e.target.value })}
                />
              </FieldRow>
              <FieldRow>
                <NumberField
                  label="Credit (%)"
                  value={row.percent}
                  onChange={(e) => setRow(n, { percent: e.target.value })}
                />
                <TextField
                  label="Feedback"
                  value={row.feedback}
                  onChange={(e) => setRow(n, { feedback: e.target.value })}
                />
              </FieldRow>
              {parts.accepted.length > 1 && (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => remove(n)}
                  aria-label={`Remove accepted number ${n + 1}`}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {parts.accepted.length < ITEM_LIMITS.accepted && (
        <Button variant="secondary" onClick={add}>
          Add an accepted number
        </Button>
      )}
    </>
  );
}
