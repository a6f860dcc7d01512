import { describe, expect, it } from 'vitest';
import { currencyOfFields, presetOf } from './currency-form';

describe('the currency’s fields', () => {
  it('read as the server reads them: the code in capitals, decimals a digit', () => {
    expect(currencyOfFields({ code: ' irt ', name: ' Toman ', decimals: '0' })).toEqual({
      code: 'IRT',
      name: 'Toman',
      decimals: 0,
    });
    expect(currencyOfFields({ code: 'USD', name: 'Dollar', decimals: 'two' }).decimals).toBeNaN();
  });

  it('show the preset they match, or none once one of them differs', () => {
    expect(presetOf({ code: 'USD', name: 'US dollar', decimals: '2' })).toBe('USD');
    expect(presetOf({ code: 'USD', name: 'US dollar', decimals: '0' })).toBe('');
    expect(presetOf({ code: 'AED', name: 'Dirham', decimals: '2' })).toBe('');
  });
});
