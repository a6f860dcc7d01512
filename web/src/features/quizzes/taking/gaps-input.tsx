import { ITEM_LIMITS } from '@academy/contract/quizzes/items';
import { splitGaps } from './gap-text';
import type { InputProps } from './item-types';
import styles from './quizzes.module.css';

/**
 * A text with gaps, each where it stands: typed into a small box, or chosen from its own list.
 * Each gap is labelled by its number ("Gap 2 of 3") for a screen reader, which reads the text
 * around it in order.
 */
export function GapsInput({ body, answer, onAnswer, name }: InputProps<'gaps'>) {
  const gaps = answer?.gaps ?? {};
  const numberOf = new Map(body.gaps.map((gap, i) => [gap.id, i + 1]));
  const set = (id: string, text: string, typing: boolean) =>
    onAnswer({ type: 'gaps', gaps: { ...gaps, [id]: text } }, { typing });
  const label = (id: string) => `Gap ${numberOf.get(id)} of ${body.gaps.length}`;

  return (
    <p className={styles.gapText}>
      {splitGaps(body.text, [...numberOf.keys()]).map((piece, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the text's pieces never move.
        if (piece.kind === 'text') return <span key={`t${i}`}>{piece.text}</span>;
        const choices = body.gaps.find((gap) => gap.id === piece.id)?.choices;
        return choices ? (
          <select
            key={piece.id}
            id={`${name}-${piece.id}`}
            className={styles.gapInput}
            aria-label={label(piece.id)}
            value={gaps[piece.id] ?? ''}
            onChange={(e) => set(piece.id, e.target.value, false)}
          >
            <option value="">Choose…</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input
            key={piece.id}
            id={`${name}-${piece.id}`}
            className={styles.gapInput}
            aria-label={label(piece.id)}
            value={gaps[piece.id] ?? ''}
            maxLength={ITEM_LIMITS.answer}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => set(piece.id, e.target.value, true)}
          />
        );
      })}
    </p>
  );
}
