import {
  INSTALMENT_LABEL_MAX,
  INSTALMENT_PARTS_MAX,
  INSTALMENT_WEEKS_MAX,
} from '@academy/contract/tuition/instalments';
import type { Currency } from '@academy/contract/tuition/money';
import { Plus, Trash2 } from 'lucide-react';
import { Button, FieldRow, NumberField, Options, SelectField, TextField } from '../../../ui';
import { AmountField } from '../amount-field';
import { DUE_KINDS, DUE_WORDS, type DueKind, newPart, type PartDraft } from './plan-draft';
import styles from './plans.module.css';

/**
 * A plan's instalments, each a group named "Part N": its label, when it falls due (on joining,
 * a number of weeks after the term's first day, or on a date) and its amount. "Split evenly"
 * shares the total among them so that they add up exactly.
 */
export function InstalmentPartsFields({
  parts,
  currency,
  onChange,
  onSplit,
}: {
  parts: PartDraft[];
  currency: Currency;
  onChange: (parts: PartDraft[]) => void;
  /** Splits the total evenly among the parts; absent while the total cannot be read. */
  onSplit?: () => void;
}) {
  const update = (key: number, change: Partial<PartDraft>) =>
    onChange(parts.map((part) => (part.key === key ? { ...part, ...change } : part)));
  return (
    <fieldset className={styles.group}>
      <legend>Instalments</legend>
      {parts.map((part, index) => (
        <fieldset key={part.key} className={styles.part}>
          <legend>{`Part ${index + 1}`}</legend>
          <TextField
            label="Label"
            maxLength={INSTALMENT_LABEL_MAX}
            value={part.label}
            onChange={(e) => update(part.key, { label: e.target.value })}
          />
          <FieldRow>
            <SelectField
              label="Due"
              value={part.kind}
              onChange={(e) => update(part.key, { kind: e.target.value as DueKind })}
            >
              <Options values={DUE_KINDS} label={(kind) => DUE_WORDS[kind]} />
            </SelectField>
            {part.kind === 'weeks_after_start' && (
              <NumberField
                label="Weeks"
                hint={`0 to ${INSTALMENT_WEEKS_MAX}: week 4 is 28 days after the first day.`}
                value={part.weeks}
                onChange={(e) => update(part.key, { weeks: e.target.value })}
              />
            )}
            {part.kind === 'on_date' && (
              <TextField
                label="Date"
                type="date"
                value={part.day}
                onChange={(e) => update(part.key, { day: e.target.value })}
              />
            )}
          </FieldRow>
          <AmountField
            label="Amount"
            currency={currency}
            value={part.amount}
            onChange={(e) => update(part.key, { amount: e.target.value })}
          />
          {parts.length > 1 && (
            <div>
              <Button
                variant="ghost"
                size="small"
                onClick={() => onChange(parts.filter((p) => p.key !== part.key))}
                aria-label={`Remove part ${index + 1}`}
              >
                <Trash2 size={16} aria-hidden="true" /> Remove
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      <div className={styles.tools}>
        <Button
          variant="secondary"
          size="small"
          disabled={parts.length >= INSTALMENT_PARTS_MAX}
          onClick={() => onChange([...parts, newPart(parts.length)])}
        >
          <Plus size={16} aria-hidden="true" /> Add a part
        </Button>
        <Button variant="secondary" size="small" disabled={!onSplit} onClick={onSplit}>
          Split evenly
        </Button>
      </div>
    </fieldset>
  );
}
