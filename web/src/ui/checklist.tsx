import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './checklist.module.css';

/** Something offered in a checklist: a student, a teacher. */
export interface ChecklistItem {
  id: number;
  name: string;
}

interface ChecklistProps {
  /** Names the boxes for screen readers ('Students to add'). */
  legend: string;
  /** What is offered, in order: the chosen among them are ticked. */
  items: ChecklistItem[];
  chosen: ChecklistItem[];
  onChange: (chosen: ChecklistItem[]) => void;
  /** How the chosen are counted: ['student', 'students']. */
  noun: readonly [one: string, many: string];
  /** What stands between the count and the boxes (a search's loading, or its finding none). */
  children?: ReactNode;
}

/**
 * Choosing several of a list: how many are chosen (with Clear), then a box for each, in a
 * grid that scrolls within itself. Choosing keeps only the id and name of what is chosen.
 */
export function Checklist({ legend, items, chosen, onChange, noun, children }: ChecklistProps) {
  const [one, many] = noun;
  const isChosen = (id: number) => chosen.some((c) => c.id === id);
  const toggle = (item: ChecklistItem) =>
    onChange(
      isChosen(item.id)
        ? chosen.filter((c) => c.id !== item.id)
        : [...chosen, { id: item.id, name: item.name }],
    );
  return (
    <>
      <div className={styles.summary} aria-live="polite">
        {chosen.length === 0
          ? `No ${many} chosen yet.`
          : `${chosen.length} ${chosen.length === 1 ? one : many} chosen.`}
        {chosen.length > 0 && (
          <Button variant="ghost" size="small" onClick={() => onChange([])}>
            Clear
          </Button>
        )}
      </div>
      {children}
      <fieldset className={styles.items}>
        <legend className="visually-hidden">{legend}</legend>
        {items.map((item) => (
          <label key={item.id} className={styles.item}>
            <input type="checkbox" checked={isChosen(item.id)} onChange={() => toggle(item)} />
            <span>{item.name}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
