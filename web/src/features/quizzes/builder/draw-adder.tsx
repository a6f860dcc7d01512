import { CEFR_LEVELS, ITEM_SKILLS } from '@academy/contract/quizzes/item-rules';
import { Shuffle } from 'lucide-react';
import { useState } from 'react';
import { Button, FieldRow, NumberField, Options, SelectField } from '../../../ui';
import styles from './builder.module.css';
import type { TypedDraw } from './quiz-draft';
import { useBankUnits } from './use-quizzes';
import { skillWord } from './words';

const NO_DRAW: TypedDraw = { level: '', skill: '', unit: '', count: '5' };

/**
 * A draw: N items at random from a tag of the bank (a level, a skill, a unit; any left blank
 * matches every item), different for each attempt. How many the bank holds for it is shown
 * once the quiz is saved.
 */
export function DrawAdder({ onAdd }: { onAdd: (draw: TypedDraw) => void }) {
  const [draw, setDraw] = useState(NO_DRAW);
  const units = useBankUnits().data ?? [];
  const change = (next: Partial<TypedDraw>) => setDraw((d) => ({ ...d, ...next }));
  return (
    <fieldset className={styles.group}>
      <legend>Add a random draw</legend>
      <p className={styles.muted}>
        Each attempt draws its own items from those the tag matches, never the quiz’s own items.
      </p>
      <FieldRow>
        <SelectField
          label="Draw level"
          value={draw.level}
          onChange={(e) => change({ level: e.target.value as TypedDraw['level'] })}
        >
          <option value="">Any level</option>
          <Options values={CEFR_LEVELS} />
        </SelectField>
        <SelectField
          label="Draw skill"
          value={draw.skill}
          onChange={(e) => change({ skill: e.target.value as TypedDraw['skill'] })}
        >
          <option value="">Any skill</option>
          <Options values={ITEM_SKILLS} label={skillWord} />
        </SelectField>
        <SelectField
          label="Draw unit"
          value={draw.unit}
          onChange={(e) => change({ unit: e.target.value })}
        >
          <option value="">Any unit</option>
          <Options values={units} />
        </SelectField>
        <NumberField
          label="Items to draw"
          value={draw.count}
          onChange={(e) => change({ count: e.target.value })}
        />
      </FieldRow>
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            onAdd(draw);
            setDraw(NO_DRAW);
          }}
        >
          <Shuffle size={18} aria-hidden="true" /> Add the draw
        </Button>
      </div>
    </fieldset>
  );
}
