import { SelectField, TextAreaField, TextField } from '../../../ui';
import styles from './bank.module.css';
import type { Parts } from './editor-state';

type TrueFalseParts = Extract<Parts, { type: 'true_false' }>;
type OrderingParts = Extract<Parts, { type: 'ordering' }>;

/** A true-or-false item: which is right, and the feedback for each answer. */
export function TrueFalseFields({
  parts,
  onChange,
}: {
  parts: TrueFalseParts;
  onChange: (parts: TrueFalseParts) => void;
}) {
  return (
    <>
      <fieldset className={styles.part}>
        <legend>The statement is</legend>
        <label>
          <input
            type="radio"
            name="true-false"
            checked={parts.answer}
            onChange={() => onChange({ ...parts, answer: true })}
          />{' '}
          True
        </label>
        <label>
          <input
            type="radio"
            name="true-false"
            checked={!parts.answer}
            onChange={() => onChange({ ...parts, answer: false })}
          />{' '}
          False
        </label>
      </fieldset>
      <TextField
        label="Feedback when the student says true"
        value={parts.feedbackTrue}
        onChange={(e) => onChange({ ...parts, feedbackTrue: e.target.value })}
      />
      <TextField
        label="Feedback when the student says false"
        value={parts.feedbackFalse}
        onChange={(e) => onChange({ ...parts, feedbackFalse: e.target.value })}
      />
    </>
  );
}

/** Words into a sentence, or sentences into a paragraph: the pieces typed in the right order. */
export function OrderingFields({
  parts,
  onChange,
}: {
  parts: OrderingParts;
  onChange: (parts: OrderingParts) => void;
}) {
  return (
    <>
      <SelectField
        label="The student orders"
        value={parts.unit}
        onChange={(e) => onChange({ ...parts, unit: e.target.value as OrderingParts['unit'] })}
      >
        <option value="words">Words into a sentence</option>
        <option value="sentences">Sentences into a paragraph</option>
      </SelectField>
      <TextAreaField
        label="The pieces in the right order, one a line"
        hint="Every attempt shows them shuffled, never in this order."
        rows={6}
        value={parts.pieces}
        onChange={(e) => onChange({ ...parts, pieces: e.target.value })}
      />
    </>
  );
}
