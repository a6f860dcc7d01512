import { MAX_COMPONENTS, schemeProblem } from '@academy/contract/results';
import { useRef, useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { ActionRow, Button, Form, FormMessage, SubmitButton, useFormOutcome } from '../../ui';
import { ComponentFields, type ComponentRow, rowOf } from './component-fields';
import { quizFieldsOf } from './quiz-choice-fields';
import styles from './results.module.css';
import { type SheetComponent, useSaveScheme } from './use-results';

/** A weight as typed: a whole number, or NaN (schemeProblem then names what is wrong). */
const weightOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A scheme's components edited: the academy's (no class: Settings) or a class's own (its
 * sheet). Checked as the server checks it (schemeProblem: named, weights adding up to 100)
 * before sending, with the weights' sum shown as they are typed. A component keeps its key
 * (and the scores typed for it) when renamed or reweighted; a removed one takes its typed
 * scores with it. The owner remounts it (its `key`) once the saved scheme is read again, so a
 * component added here is sent with the key the server gave it the next time.
 */
export function SchemeEditor({
  components,
  classId,
  label,
  onSaved,
  onCancel,
}: {
  components: readonly SheetComponent[];
  classId?: number;
  /** The form's accessible name. */
  label: string;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const save = useSaveScheme();
  const added = useRef(0);
  const [rows, setRows] = useState<ComponentRow[]>(() => components.map(rowOf));
  const outcome = useFormOutcome(() =>
    schemeProblem(
      rows.map((row, i) => ({
        key: row.key ?? `k${9000 + i}`,
        name: row.name,
        weight: weightOf(row.weight),
        source: row.source,
        final: row.final,
        ...quizFieldsOf(row),
      })),
    ),
  );
  const sum = rows.reduce((n, row) => n + (weightOf(row.weight) || 0), 0);
  const handleSend = () =>
    save.mutate(
      {
        ...(classId === undefined ? {} : { class_id: classId }),
        components: rows.map((row) => ({
          ...(row.key ? { key: row.key } : {}),
          name: row.name.trim(),
          weight: weightOf(row.weight),
          source: row.source,
          final: row.final,
          ...quizFieldsOf(row),
        })),
      },
      outcome.reports(explainFailure('The scheme could not be saved. Please try again.'), onSaved),
    );
  const change = (i: number, row: ComponentRow) =>
    setRows((now) => now.map((r, j) => (j === i ? row : r)));
  return (
    <Form onSend={handleSend} outcome={outcome} aria-label={label}>
      <ol className={styles.components}>
        {rows.map((row, i) => (
          <li key={row.id}>
            <ComponentFields
              row={row}
              number={i + 1}
              onChange={(next) => change(i, next)}
              onRemove={
                rows.length > 1 ? () => setRows((now) => now.filter((_, j) => j !== i)) : undefined
              }
            />
          </li>
        ))}
      </ol>
      <p className={sum === 100 ? styles.muted : styles.sumWrong} aria-live="polite">
        The weights add up to {sum}
        {sum === 100 ? '.' : ' (they must add up to 100).'}
      </p>
      <p className={styles.muted}>
        Removing a component removes the scores typed for it. Computed components take their scores
        from the term's marks and roll; typed ones are typed on the class's sheet.
      </p>
      <FormMessage outcome={outcome} />
      <ActionRow>
        <Button
          variant="secondary"
          disabled={rows.length >= MAX_COMPONENTS}
          onClick={() => {
            added.current += 1;
            setRows((now) => [
              ...now,
              {
                id: `new-${added.current}`,
                name: '',
                weight: '',
                source: 'typed',
                final: false,
                quizChoice: 'all',
                quizTag: '',
                quizId: '',
              },
            ]);
          }}
        >
          Add a component
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Save scheme
        </SubmitButton>
      </ActionRow>
    </Form>
  );
}
