import { CEFR_LEVELS, ITEM_SKILLS } from '@academy/contract/quizzes/item-rules';
import type { CefrLevel, ItemSkill } from '@academy/contract/quizzes/items';
import { useState } from 'react';
import { FieldRow, Options, SelectField, TextField } from '../../../ui';
import { skillWord } from './words';

/** The tags given to questions whose GIFT category names none. */
export function useImportDefaults(onChange: () => void) {
  const [level, setLevel] = useState<CefrLevel | ''>('');
  const [skill, setSkill] = useState<ItemSkill | ''>('');
  const [unit, setUnit] = useState('');
  return {
    level,
    skill,
    unit,
    setLevel: (next: CefrLevel | '') => {
      setLevel(next);
      onChange();
    },
    setSkill: (next: ItemSkill | '') => {
      setSkill(next);
      onChange();
    },
    setUnit: (next: string) => {
      setUnit(next);
      onChange();
    },
    values: { level: level || null, skill: skill || null, unit: unit.trim() || null },
  };
}

export function ImportDefaults({ defaults }: { defaults: ReturnType<typeof useImportDefaults> }) {
  return (
    <fieldset>
      <legend>Tags for questions whose category names none</legend>
      <FieldRow>
        <SelectField
          label="Level"
          value={defaults.level}
          onChange={(e) => defaults.setLevel(e.target.value as CefrLevel | '')}
        >
          <option value="">None</option>
          <Options values={CEFR_LEVELS} />
        </SelectField>
        <SelectField
          label="Skill"
          value={defaults.skill}
          onChange={(e) => defaults.setSkill(e.target.value as ItemSkill | '')}
        >
          <option value="">None</option>
          <Options values={ITEM_SKILLS} label={skillWord} />
        </SelectField>
        <TextField
          label="Unit"
          maxLength={60}
          value={defaults.unit}
          onChange={(e) => defaults.setUnit(e.target.value)}
        />
      </FieldRow>
    </fieldset>
  );
}
