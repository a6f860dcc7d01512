import { describe, expect, it } from 'vitest';
import { amountText, readAmount } from './amount-field';

const toman = { code: 'IRT', name: 'Toman', decimals: 0 };
const dollar = { code: 'USD', name: 'US dollar', decimals: 2 };

describe('an amount field', () => {
  it('reads what was typed in minor units, or the problem, named by the field when asked', () => {
    expect(readAmount('۱٬۲۵۰٬۰۰۰', toman)).toEqual({ amount: 1_250_000 });
    expect(readAmount('1,234.5 USD', dollar)).toEqual({ amount: 123_450 });
    expect(readAmount('', toman)).toEqual({ problem: 'Please enter the amount.' });
    expect(readAmount('1.5', toman, 'Part 2')).toEqual({
      problem: 'Part 2: This currency has no decimals.',
    });
  });

  it('starts with an amount as formatMoney writes it, or empty', () => {
    expect(amountText(123_450, dollar)).toBe('1,234.50');
    expect(amountText(null, dollar)).toBe('');
  });
});
