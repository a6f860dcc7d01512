import { ITEM_LIMITS } from '@academy/contract/quizzes/item-rules';
import { FieldRow, TextField } from '../../../ui';
import { AcceptedRows } from './accepted-rows';
import type { Parts } from './editor-state';

type NumericalParts = Extract<Parts, { type: 'numerical' }>;

/**
 * A number item's accepted numbers: each with how far either side of it still counts (GIFT's
 * `3.14:0.01`), its credit and its feedback. The student types a number; the server marks it.
 */
export function NumericalFields({
  parts,
  onChange,
}: {
  parts: NumericalParts;
  onChange: (parts: NumericalParts) => void;
}) {
  return (
    <AcceptedRows
      noun="number"
      rows={parts.accepted}
      blank={{ value: '', tolerance: '0', percent: '100', feedback: '' }}
      max={ITEM_LIMITS.accepted}
      onChange={(accepted) => onChange({ ...parts, accepted })}
    >
      {(row, change) => (
        <FieldRow>
          <TextField
            label="Number"
            inputMode="decimal"
            autoComplete="off"
            value={row.value}
            onChange={(e) => change({ value: e.target.value })}
          />
          <TextField
            label="Give or take"
            hint="0: exactly this number."
            inputMode="decimal"
            autoComplete="off"
            value={row.tolerance}
            onChange={(e) => change({ tolerance: e.target.value })}
          />
        </FieldRow>
      )}
    </AcceptedRows>
  );
}
