import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { ActionRow, Button, NumberField } from '../../../ui';
import styles from './builder.module.css';
import { type DraftPart, partProblem, type TypedDraw, typedWhole } from './quiz-draft';
import { itemsWord, tagWords } from './words';

/** A typed draw's tag in words ('' is any). */
const drawWords = (draw: TypedDraw) =>
  tagWords({
    level: draw.level || null,
    skill: draw.skill || null,
    unit: draw.unit.trim() || null,
  });

/** A part in words, as its buttons name it: 'part 2, Gap fill item “…”'. */
export function partName(part: DraftPart, index: number): string {
  const what = part.item
    ? `${ITEM_TYPE_WORDS[part.item.type]} item “${part.item.prompt.slice(0, 40)}”`
    : `draw from ${part.draw ? drawWords(part.draw) : 'the bank'}`;
  return `part ${index + 1}, ${what}`;
}

/** What a saved draw may take from, against what it asks. */
function availableWords(part: DraftPart): string | null {
  if (!part.draw || part.available === null) return null;
  const asked = typedWhole(part.draw.count, 1, 100);
  const words = `The bank has ${itemsWord(part.available)} to draw from, besides the quiz’s own.`;
  return asked !== null && asked > part.available ? `${words} Ask for fewer.` : words;
}

/**
 * One part of the quiz: an item of the bank (its kind and prompt) or a draw (its tag and how
 * many, with what the bank holds for it once saved); moved up or down and removed, unless a
 * student has started the quiz (`locked`).
 */
export function PartRow({
  part,
  index,
  count,
  locked,
  onChange,
  onMove,
  onRemove,
}: {
  part: DraftPart;
  index: number;
  count: number;
  locked: boolean;
  onChange: (part: DraftPart) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = partName(part, index);
  const available = availableWords(part);
  return (
    <li className={styles.part}>
      {part.item ? (
        <p className={styles.partText}>
          <strong>{ITEM_TYPE_WORDS[part.item.type]}</strong> · {part.item.prompt}
        </p>
      ) : (
        part.draw && (
          <>
            <p className={styles.partText}>
              <strong>Drawn at random</strong> from {drawWords(part.draw)}
            </p>
            <NumberField
              label={`Items to draw for part ${index + 1}`}
              hint={partProblem(part) ?? available ?? 'Each attempt draws its own.'}
              disabled={locked}
              value={part.draw.count}
              onChange={(e) =>
                part.draw && onChange({ ...part, draw: { ...part.draw, count: e.target.value } })
              }
            />
          </>
        )
      )}
      {!locked && (
        <ActionRow>
          <Button
            variant="secondary"
            size="small"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move ${name} up`}
          >
            <ArrowUp size={16} aria-hidden="true" /> Up
          </Button>
          <Button
            variant="secondary"
            size="small"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move ${name} down`}
          >
            <ArrowDown size={16} aria-hidden="true" /> Down
          </Button>
          <Button
            variant="secondary"
            size="small"
            onClick={onRemove}
            aria-label={`Remove ${name} from the quiz`}
          >
            <X size={16} aria-hidden="true" /> Remove
          </Button>
        </ActionRow>
      )}
    </li>
  );
}
