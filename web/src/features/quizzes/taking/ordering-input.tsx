import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui';
import type { InputProps } from './item-types';
import styles from './quizzes.module.css';

/**
 * Pieces put in order by taps, never by dragging alone: a tap places a piece at the end of the
 * answer, and each placed piece moves up or down or goes back. Every button names its piece,
 * and where a piece now stands is said politely to a screen reader.
 */
export function OrderingInput({ body, answer, onAnswer }: InputProps<'ordering'>) {
  const order = (answer?.order ?? []).filter((id) => body.pieces.some((p) => p.id === id));
  const [said, setSaid] = useState('');
  const textOf = (id: string) => body.pieces.find((p) => p.id === id)?.text ?? '';
  const left = body.pieces.filter((p) => !order.includes(p.id));
  const unit = body.unit === 'words' ? 'word' : 'sentence';

  const put = (next: string[], id: string) => {
    onAnswer({ type: 'ordering', order: next });
    const at = next.indexOf(id);
    setSaid(
      at < 0 ? `“${textOf(id)}” taken out.` : `“${textOf(id)}” is now ${at + 1} of ${next.length}.`,
    );
  };
  const move = (from: number, by: number) => {
    const next = [...order];
    const [id] = next.splice(from, 1);
    if (id === undefined) return;
    next.splice(from + by, 0, id);
    put(next, id);
  };

  return (
    <div className={styles.ordering}>
      <p className={styles.hint}>
        {`Tap each ${unit} in the order it goes; move or take one out with the buttons beside it.`}
      </p>
      <ol className={styles.placed} aria-label="Your order">
        {order.map((id, i) => (
          <li key={id} className={styles.piece}>
            <span className={styles.pieceText}>{textOf(id)}</span>
            <span className={styles.pieceActions}>
              <Button
                variant="ghost"
                size="small"
                aria-label={`Move “${textOf(id)}” up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <ArrowUp size={18} aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="small"
                aria-label={`Move “${textOf(id)}” down`}
                disabled={i === order.length - 1}
                onClick={() => move(i, 1)}
              >
                <ArrowDown size={18} aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="small"
                aria-label={`Take “${textOf(id)}” out`}
                onClick={() =>
                  put(
                    order.filter((o) => o !== id),
                    id,
                  )
                }
              >
                <X size={18} aria-hidden="true" />
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {left.length > 0 && (
        <ul
          className={styles.pieces}
          aria-label={`${unit === 'word' ? 'Words' : 'Sentences'} to place`}
        >
          {left.map((piece) => (
            <li key={piece.id}>
              <Button variant="secondary" onClick={() => put([...order, piece.id], piece.id)}>
                {piece.text}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
