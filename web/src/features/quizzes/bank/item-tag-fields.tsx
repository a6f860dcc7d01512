import { CEFR_LEVELS, ITEM_SKILLS } from '@academy/contract/quizzes/item-rules';
import type { CefrLevel, ItemSkill } from '@academy/contract/quizzes/items';
import { FieldRow, NumberField, Options, SelectField, TextField } from '../../../ui';
import type { Draft } from './editor-state';
import { skillWord } from './words';

/** An item's tags (CEFR level, skill, unit) and the points it is worth. */
export function ItemTagFields({
  draft,
  onChange,
}: {
  draft: Draft;
  onChange: (change: Partial<Draft>) => void;
}) {
  return (
    <FieldRow>
      <SelectField
        label="Level"
        value={draft.level}
        onChange={(e) => onChange({ level: e.target.value as CefrLevel | '' })}
      >
        <option value="">None</option>
        <Options values={CEFR_LEVELS} />
      </SelectField>
      <SelectField
        label="Skill"
        value={draft.skill}
        onChange={(e) => onChange({ skill: e.target.value as ItemSkill | '' })}
      >
        <option value="">None</option>
        <Options values={ITEM_SKILLS} label={skillWord} />
      </SelectField>
      <TextField
        label="Unit"
        hint="The course book's unit or a topic."
        maxLength={60}
        value={draft.unit}
        onChange={(e) => onChange({ unit: e.target.value })}
      />
      <NumberField
        label="Points"
        value={draft.points}
        onChange={(e) => onChange({ points: e.target.value })}
      />
    </FieldRow>
  );
}
