import { ITEM_LIMITS, TYPO_RULES } from '@academy/contract/quizzes/item-rules';
import type { TypoRule } from '@academy/contract/quizzes/items';
import { Options, SelectField, TextField } from '../../../ui';
import { AcceptedRows } from './accepted-rows';
import type { Parts } from './editor-state';

type ShortParts = Extract<Parts, { type: 'short' }>;

/** How one typo is counted, in a teacher's words. */
export const TYPO_WORDS: Record<TypoRule, string> = {
  none: 'A typo makes it wrong',
  half: 'One typo earns half the credit',
  full: 'One typo still earns all of it',
};

/** The typo rule's select, shared by short answers and gap fills. */
export function TypoField({
  value,
  onChange,
}: {
  value: TypoRule;
  onChange: (typo: TypoRule) => void;
}) {
  return (
    <SelectField
      label="One typo (a letter added, missing, swapped or changed)"
      hint="Case, spaces around the answer, curly or straight quotes and a final full stop never count."
      value={value}
      onChange={(e) => onChange(e.target.value as TypoRule)}
    >
      <Options values={TYPO_RULES} label={(rule) => TYPO_WORDS[rule]} />
    </SelectField>
  );
}

/** A short answer's accepted answers, each with its percent and feedback, and the typo rule. */
export function ShortFields({
  parts,
  onChange,
}: {
  parts: ShortParts;
  onChange: (parts: ShortParts) => void;
}) {
  return (
    <>
      <AcceptedRows
        noun="answer"
        rows={parts.accepted}
        blank={{ text: '', percent: '100', feedback: '' }}
        max={ITEM_LIMITS.parts}
        onChange={(accepted) => onChange({ ...parts, accepted })}
      >
        {(row, change) => (
          <TextField
            label="Answer"
            value={row.text}
            onChange={(e) => change({ text: e.target.value })}
          />
        )}
      </AcceptedRows>
      <TypoField value={parts.typo} onChange={(typo) => onChange({ ...parts, typo })} />
    </>
  );
}
