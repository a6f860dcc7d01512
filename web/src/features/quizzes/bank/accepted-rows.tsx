import type { ReactNode } from 'react';
import { Button, FieldRow, NumberField, TextField } from '../../../ui';
import styles from './bank.module.css';

/** What every accepted row carries besides its answer: its credit and its feedback. */
interface CreditedRow {
  percent: string;
  feedback: string;
}

/**
 * The accepted answers of a short answer or a number item: each row's own fields (given as
 * `children`), then its credit and feedback, a Remove while more than one is left, and an Add
 * up to `max`. The rows have no id of their own: their place is who they are while editing.
 */
export function AcceptedRows<R extends CreditedRow>({
  noun,
  rows,
  blank,
  max,
  onChange,
  children,
}: {
  /** 'answer' or 'number': "Accepted answer 2", "Add an accepted number". */
  noun: string;
  rows: R[];
  blank: R;
  max: number;
  onChange: (rows: R[]) => void;
  children: (row: R, change: (next: Partial<R>) => void) => ReactNode;
}) {
  const setRow = (at: number, next: Partial<R>) =>
    onChange(rows.map((row, n) => (n === at ? { ...row, ...next } : row)));
  return (
    <>
      <ol className={styles.parts} aria-label={`Accepted ${noun}s`}>
        {rows.map((row, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end or removed
          <li key={n}>
            <fieldset className={styles.part}>
              <legend>
                Accepted {noun} {n + 1}
              </legend>
              {children(row, (next) => setRow(n, next))}
              <FieldRow>
                <NumberField
                  label="Credit (%)"
                  value={row.percent}
                  onChange={(e) => setRow(n, { percent: e.target.value } as Partial<R>)}
                />
                <TextField
                  label="Feedback"
                  value={row.feedback}
                  onChange={(e) => setRow(n, { feedback: e.target.value } as Partial<R>)}
                />
              </FieldRow>
              {rows.length > 1 && (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => onChange(rows.filter((_, i) => i !== n))}
                  aria-label={`Remove accepted ${noun} ${n + 1}`}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {rows.length < max && (
        <Button variant="secondary" onClick={() => onChange([...rows, blank])}>
          Add an accepted {noun}
        </Button>
      )}
    </>
  );
}
