import {
  type Currency,
  formatMoney,
  type ParsedMoney,
  parseMoney,
} from '@academy/contract/tuition/money';
import type { ComponentProps } from 'react';
import { TextField } from '../../ui';

type AmountFieldProps = Omit<ComponentProps<typeof TextField>, 'inputMode' | 'type'> & {
  /** The academy's currency: its code is shown beside the label. */
  currency: Currency;
  /** What is wrong with the text typed (readAmount's problem), shown under the field. */
  problem?: string | null;
};

/**
 * An amount of money as people type it (issue 52): text, not a number input, so commas,
 * Persian digits and the code read as parseMoney reads them; the phone's decimal keypad; the
 * currency's code beside the label; and the problem with what was typed, if any, in place of
 * the hint. The plan editor, the desk and the student's card-transfer form share it.
 */
export function AmountField({ currency, problem, label, hint, ...props }: AmountFieldProps) {
  return (
    <TextField
      {...props}
      label={
        <>
          {label} ({currency.code})
        </>
      }
      hint={problem || hint}
      inputMode="decimal"
      autoComplete="off"
      aria-invalid={problem ? true : undefined}
    />
  );
}

/**
 * What was typed in an amount field, in the currency's minor units, or the problem in words;
 * with `label`, the problem names the field ("Tuition: Please enter the amount."), for a form
 * that shows one message for many fields.
 */
export function readAmount(text: string, currency: Currency, label?: string): ParsedMoney {
  const read = parseMoney(text, currency);
  return 'problem' in read && label ? { problem: `${label}: ${read.problem}` } : read;
}

/** An amount as an amount field starts with it: '' for none, else as formatMoney writes it. */
export function amountText(amount: number | null | undefined, currency: Currency): string {
  return amount === null || amount === undefined ? '' : formatMoney(amount, currency);
}
