import { ITEM_LIMITS } from '@academy/contract/quizzes/item-rules';
import { Button, FieldRow, TextField } from '../../../ui';
import styles from './bank.module.css';
import { type ChoiceOption, nextLetter, type Parts } from './editor-state';

type ChoiceParts = Extract<Parts, { type: 'choice' }>;

/**
 * A multiple-choice item's options: one right (radio buttons for the student) or several
 * (check boxes), each with its credit in percent and its own feedback.
 */
export function ChoiceFields({
  parts,
  onChange,
}: {
  parts: ChoiceParts;
  onChange: (parts: ChoiceParts) => void;
}) {
  const setOption = (id: string, change: Partial<ChoiceOption>) =>
    onChange({
      ...parts,
      options: parts.options.map((o) => (o.id === id ? { ...o, ...change } : o)),
    });
  const add = () =>
    onChange({
      ...parts,
      options: [
        ...parts.options,
        { id: nextLetter(parts.options.map((o) => o.id)), text: '', credit: '0', feedback: '' },
      ],
    });
  const remove = (id: string) =>
    onChange({ ...parts, options: parts.options.filter((o) => o.id !== id) });

  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={parts.multiple}
          onChange={(e) => onChange({ ...parts, multiple: e.target.checked })}
        />{' '}
        Several options are right (the student ticks each)
      </label>
      <p>
        {parts.multiple
          ? 'Give each right option its share: the right ones add up to 100 %. A wrong one may take credit away (a negative percent).'
          : 'The right option is worth 100 %; a nearly right one may earn part of it; the others 0.'}
      </p>
      <ol className={styles.parts} aria-label="Options">
        {parts.options.map((option, n) => (
          <li key={option.id}>
            <fieldset className={styles.part}>
              <legend>Option {n + 1}</legend>
              <TextField
                label="Text"
                value={option.text}
                onChange={(e) => setOption(option.id, { text: e.target.value })}
              />
              <FieldRow>
                {/* Text, not the number pad: a wrong option's credit may be negative. */}
                <TextField
                  label="Credit (%)"
                  autoComplete="off"
                  value={option.credit}
                  onChange={(e) => setOption(option.id, { credit: e.target.value })}
                />
                <TextField
                  label="Feedback when chosen"
                  value={option.feedback}
                  onChange={(e) => setOption(option.id, { feedback: e.target.value })}
                />
              </FieldRow>
              {parts.options.length > 2 && (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => remove(option.id)}
                  aria-label={`Remove option ${n + 1}`}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {parts.options.length < ITEM_LIMITS.parts && (
        <Button variant="secondary" onClick={add}>
          Add an option
        </Button>
      )}
    </>
  );
}
