import {
  DEFAULT_OUT_OF,
  formatPoints,
  type Mark,
  readMark,
  readOutOf,
} from '@academy/contract/marks';
import type { ComponentProps } from 'react';
import { FieldRow, NumberField, TextField } from '../ui';

/** The mark as the teacher types it: the points and what they are out of (issue 30). */
export interface MarkInput {
  mark: string;
  outOf: string;
}

/** No mark yet, out of the usual maximum. */
export const NO_MARK: MarkInput = { mark: '', outOf: String(DEFAULT_OUT_OF) };

/** The mark input a stored mark gives back (editing a reply shows the mark it has). */
export const markInputOf = (mark: Mark | null): MarkInput =>
  mark ? { mark: formatPoints(mark.hundredths), outOf: String(mark.out_of) } : NO_MARK;

/** What is wrong with the typed mark, by the rule the server applies; null when it is fine. */
export function markProblem(input: MarkInput): string | null {
  const read = readMark(input.mark, input.outOf);
  return 'problem' in read ? read.problem : null;
}

/** What is wrong with a typed maximum ('' is 100), by the rule the server applies; null when fine. */
export function outOfProblem(outOf: string): string | null {
  const read = readOutOf(outOf);
  return 'problem' in read ? read.problem : null;
}

/** The fields a call takes the mark in. */
export const markPayload = (input: MarkInput) => ({
  mark: input.mark.trim(),
  mark_out_of: input.outOf.trim(),
});

/**
 * A mark and its maximum, side by side (one under the other on a narrow phone). Optional:
 * a correction or reply without a mark is sent as before.
 */
export function MarkFields({
  value,
  onChange,
  disabled,
  problem,
}: {
  value: MarkInput;
  onChange: (value: MarkInput) => void;
  disabled?: boolean;
  /** What is wrong with the mark, said at the Mark field itself (issue 49, point 10). */
  problem?: string | null;
}) {
  return (
    <FieldRow>
      <TextField
        label="Mark (optional)"
        inputMode="decimal"
        autoComplete="off"
        hint={problem ?? 'Such as 85 or 85.5.'}
        aria-invalid={problem ? true : undefined}
        value={value.mark}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, mark: e.target.value })}
      />
      <OutOfField
        value={value.outOf}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, outOf: e.target.value })}
      />
    </FieldRow>
  );
}

/**
 * What work is marked out of: a whole number ('Out of' beside a mark; 'Marked out of' on an
 * exam or Skill Builder item, whose attempts all share it).
 */
export function OutOfField({
  label = 'Out of',
  ...props
}: Omit<ComponentProps<typeof NumberField>, 'label'> & { label?: string }) {
  return <NumberField label={label} {...props} />;
}
