import {
  CEFR_LEVELS,
  ITEM_SKILLS,
  ITEM_TYPE_WORDS,
  ITEM_TYPES,
} from '@academy/contract/quizzes/item-rules';
import { FieldRow, type FilterFieldsProps, Options, SearchField, SelectField } from '../../../ui';
import styles from './bank.module.css';
import type { BankFilters } from './use-bank';
import { skillWord } from './words';

/**
 * The bank's filters: words of the prompt, level, skill, unit (those in use), type, and two
 * switches: the archived items instead of the others, and only the caller's own.
 */
export function BankFilterFields({
  filters,
  onChange,
  units,
  onSearch,
}: FilterFieldsProps<BankFilters> & {
  units: string[];
  onSearch: { value: string; onSearch: (text: string) => void };
}) {
  return (
    <fieldset className={styles.filters}>
      <legend>Filter the bank</legend>
      <ItemFilterFields filters={filters} onChange={onChange} units={units} onSearch={onSearch} />
      <div className={styles.switches}>
        <label>
          <input
            type="checkbox"
            checked={filters.mine === '1'}
            onChange={(e) => onChange({ mine: e.target.checked ? '1' : '0' })}
          />{' '}
          Only my items
        </label>
        <label>
          <input
            type="checkbox"
            checked={filters.archived === '1'}
            onChange={(e) => onChange({ archived: e.target.checked ? '1' : '0' })}
          />{' '}
          Archived items instead
        </label>
      </div>
    </fieldset>
  );
}

/** The item filters the bank's list and a quiz's item picker share: prompt words and tags. */
export interface ItemFilters {
  level: string;
  skill: string;
  unit: string;
  type: string;
}

/**
 * Words of the prompt, level, skill, unit (those in use) and type: the bank's filters as its
 * list and the quiz builder's picker both offer them.
 */
export function ItemFilterFields<F extends ItemFilters>({
  filters,
  onChange,
  units,
  onSearch,
}: FilterFieldsProps<F> & {
  units: string[];
  onSearch: { value: string; onSearch: (text: string) => void };
}) {
  const change = (part: Partial<ItemFilters>) => onChange(part as Partial<F>);
  return (
    <>
      <SearchField
        label="Words of the prompt"
        placeholder="e.g. past simple"
        autoComplete="off"
        {...onSearch}
      />
      <FieldRow>
        <SelectField
          label="Level"
          value={filters.level}
          onChange={(e) => change({ level: e.target.value })}
        >
          <option value="">Any level</option>
          <Options values={CEFR_LEVELS} />
        </SelectField>
        <SelectField
          label="Skill"
          value={filters.skill}
          onChange={(e) => change({ skill: e.target.value })}
        >
          <option value="">Any skill</option>
          <Options values={ITEM_SKILLS} label={skillWord} />
        </SelectField>
        <SelectField
          label="Unit"
          value={filters.unit}
          onChange={(e) => change({ unit: e.target.value })}
        >
          <option value="">Any unit</option>
          <Options values={units} />
        </SelectField>
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(e) => change({ type: e.target.value })}
        >
          <option value="">Any type</option>
          <Options values={ITEM_TYPES} label={(type) => ITEM_TYPE_WORDS[type]} />
        </SelectField>
      </FieldRow>
    </>
  );
}
