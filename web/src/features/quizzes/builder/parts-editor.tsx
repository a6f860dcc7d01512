import { Library, Shuffle } from 'lucide-react';
import { Message } from '../../../ui';
import { Disclosure } from '../../../ui/disclosure';
import styles from './builder.module.css';
import { DrawAdder } from './draw-adder';
import { ItemPicker } from './item-picker';
import { PartRow } from './part-row';
import { type DraftPart, moved, newPartKey } from './quiz-draft';
import { itemsWord } from './words';

/**
 * The quiz's questions: its parts in order (items of the bank and random draws), moved and
 * removed here, and added from the bank's picker or as a draw. Once a student has started
 * the quiz its parts are fixed (their attempts were drawn from them): the list says so, and
 * only the settings can change.
 */
export function PartsEditor({
  parts,
  locked,
  started,
  onChange,
}: {
  parts: DraftPart[];
  /** Nothing added, moved or removed. */
  locked: boolean;
  /** Why: a student has started the quiz. */
  started: boolean;
  onChange: (parts: DraftPart[]) => void;
}) {
  const chosen = new Set(parts.flatMap((p) => (p.item ? [p.item.id] : [])));
  const fixed = parts.filter((p) => p.item).length;
  const drawn = parts.reduce((sum, p) => sum + (Number(p.draw?.count) || 0), 0);
  return (
    <>
      {started && (
        <Message tone="info">
          A student has started this quiz, so its questions can no longer change: every attempt
          keeps the questions it was given. Its settings still can. For other questions, make a new
          quiz.
        </Message>
      )}
      <p className={styles.muted} aria-live="polite">
        {parts.length === 0
          ? 'No questions yet: add items from the bank or a random draw.'
          : `${itemsWord(fixed)} of the bank and ${itemsWord(drawn)} drawn at random in each attempt.`}
      </p>
      {parts.length > 0 && (
        <ol className={styles.parts} aria-label="Parts of the quiz">
          {parts.map((part, index) => (
            <PartRow
              key={part.key}
              part={part}
              index={index}
              count={parts.length}
              locked={locked}
              onChange={(next) => onChange(parts.map((p) => (p.key === part.key ? next : p)))}
              onMove={(by) => onChange(moved(parts, index, by))}
              onRemove={() => onChange(parts.filter((p) => p.key !== part.key))}
            />
          ))}
        </ol>
      )}
      {!locked && (
        <>
          <Disclosure icon={Library} label="Add items from the bank" isEmpty={false}>
            {() => (
              <ItemPicker
                chosen={chosen}
                onAdd={(row) =>
                  onChange([
                    ...parts,
                    {
                      key: newPartKey(),
                      item: { id: row.id, prompt: row.prompt, type: row.type },
                      draw: null,
                      available: null,
                    },
                  ])
                }
              />
            )}
          </Disclosure>
          <Disclosure icon={Shuffle} label="Add a random draw" isEmpty={false}>
            {() => (
              <DrawAdder
                onAdd={(draw) =>
                  onChange([...parts, { key: newPartKey(), item: null, draw, available: null }])
                }
              />
            )}
          </Disclosure>
        </>
      )}
    </>
  );
}
