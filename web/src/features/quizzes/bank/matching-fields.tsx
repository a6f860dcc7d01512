import { ITEM_LIMITS } from '@academy/contract/quizzes/item-rules';
import { Button, FieldRow, TextAreaField, TextField } from '../../../ui';
import styles from './bank.module.css';
import type { Parts } from './editor-state';

type MatchingParts = Extract<Parts, { type: 'matching' }>;

/**
 * Prompts and the answer each matches, a row each (prompts may share an answer: type it the
 * same), and answers that match nothing, to make the choice harder.
 */
export function MatchingFields({
  parts,
  onChange,
}: {
  parts: MatchingParts;
  onChange: (parts: MatchingParts) => void;
}) {
  const setPair = (at: number, change: Partial<MatchingParts['pairs'][number]>) =>
    onChange({
      ...parts,
      pairs: parts.pairs.map((p, n) => (n === at ? { ...p, ...change } : p)),
    });
  const add = () => onChange({ ...parts, pairs: [...parts.pairs, { prompt: '', answer: '' }] });
  const remove = (at: number) =>
    onChange({ ...parts, pairs: parts.pairs.filter((_, n) => n !== at) });

  return (
    <>
      <ol className={styles.parts} aria-label="Pairs">
        {parts.pairs.map((pair, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end or removed
          <li key={n}>
            <fieldset className={styles.part}>
              <legend>Pair {n + 1}</legend>
              <FieldRow>
                <TextField
                  label="Prompt"
                  value={pair.prompt}
                  onChange={(e) => setPair(n, { prompt: e.target.value })}
                />
                <TextField
                  label="Matches"
                  value={pair.answer}
                  onChange={(e) => setPair(n, { answer: e.target.value })}
                />
              </FieldRow>
              {parts.pairs.length > 2 && (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => remove(n)}
                  aria-label={`Remove pair ${n + 1}`}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {parts.pairs.length < ITEM_LIMITS.parts && (
        <Button variant="secondary" onClick={add}>
          Add a pair
        </Button>
      )}
      <TextAreaField
        label="Answers that match nothing, one a line (optional)"
        rows={2}
        value={parts.extra}
        onChange={(e) => onChange({ ...parts, extra: e.target.value })}
      />
    </>
  );
}
