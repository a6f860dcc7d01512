import { ITEM_LIMITS, TYPO_RULES } from '@academy/contract/quizzes/item-rules';
import type { TypoRule } from '@academy/contract/quizzes/items';
import { Button, FieldRow, NumberField, Options, SelectField, TextField } from '../../../ui';
import styles from './bank.module.css';
import type { AcceptedRow, Parts } from './editor-state';

type ShortParts = Extract<Parts, { type: 'short' }>;

/** How one typo is counted, in a teacher's words. */
export const TYPO_WORDS: Record<TypoRule, string> = {
  none: 'A typo makes it wrong',
  half: 'One typo earns half the credit',
  full: 'One typo still earns all of it',
};

/** The typo rule's select, shared by short answers and gap fills. */
export function TypoField({
  value,
  onChange,
}: {
  value: TypoRule;
  onChange: (typo: TypoRule) => void;
}) {
  return (
    <SelectField
      label="One typo (a letter added, missing, swapped or changed)"
      hint="Case, spaces around the answer, curly or straight quotes and a final full stop never count."
      value={value}
      onChange={(e) => onChange(e.target.value as TypoRule)}
    >
      <Options values={TYPO_RULES} label={(rule) => TYPO_WORDS[rule]} />
    </SelectField>
  );
}

/** A short answer's accepted answers, each with its percent and feedback, and the typo rule. */
export function ShortFields({
  parts,
  onChange,
}: {
  parts: ShortParts;
  onChange: (parts: ShortParts) => void;
}) {
  const setRow = (at: number, change: Partial<AcceptedRow>) =>
    onChange({
      ...parts,
      accepted: parts.accepted.map((a, n) => (n === at ? { ...a, ...change } : a)),
    });
  const add = () =>
    onChange({
      ...parts,
      accepted: [...parts.accepted, { text: '', percent: '100', feedback: '' }],
    });
  const remove = (at: number) =>
    onChange({ ...parts, accepted: parts.accepted.filter((_, n) => n !== at) });

  return (
    <>
      <ol className={styles.parts} aria-label="Accepted answers">
        {parts.accepted.map((row, n) => (
          // The rows have no id of their own; their place is who they are while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end or removed
          <li key={n}>
            <fieldset className={styles.part}>
              <legend>Accepted answer {n + 1}</legend>
              <TextField
                label="Answer"
                value={row.text}
                onChange={(e) => setRow(n, { text: e.target.value })}
              />
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
                  aria-label={`Remove accepted answer ${n + 1}`}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {parts.accepted.length < ITEM_LIMITS.parts && (
        <Button variant="secondary" onClick={add}>
          Add an accepted answer
        </Button>
      )}
      <TypoField value={parts.typo} onChange={(typo) => onChange({ ...parts, typo })} />
    </>
  );
}
