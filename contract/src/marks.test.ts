import { describe, expect, it } from 'vitest';
import { formatPoints, MARK_WORDS, markText, readMark, readOutOf } from './marks.js';

describe('marks: exact, out of a maximum, never rounded on the way in', () => {
  it('reads whole and decimal marks as hundredths, without floating point', () => {
    expect(readMark('85')).toEqual({ mark: { hundredths: 8500, out_of: 100 } });
    expect(readMark('85.5')).toEqual({ mark: { hundredths: 8550, out_of: 100 } });
    expect(readMark(' 85,25 ')).toEqual({ mark: { hundredths: 8525, out_of: 100 } });
    // 0.29 * 100 is 28.999999999999996 in floating point; the mark is 29 hundredths.
    expect(readMark('0.29')).toEqual({ mark: { hundredths: 29, out_of: 100 } });
    expect(readMark('0')).toEqual({ mark: { hundredths: 0, out_of: 100 } });
    expect(readMark('18', '20')).toEqual({ mark: { hundredths: 1800, out_of: 20 } });
  });

  it('has no mark when none is typed, whatever it would be out of', () => {
    expect(readMark('')).toEqual({ mark: null });
    expect(readMark('  ', '20')).toEqual({ mark: null });
  });

  it('refuses what is not a mark, in words', () => {
    for (const typed of ['abc', '85.555', '-1', '1e2', '85.', '.5', '12345'])
      expect(readMark(typed), typed).toEqual({ problem: MARK_WORDS.notANumber });
    expect(readMark('100.01')).toEqual({ problem: 'The mark can be at most 100.' });
    expect(readMark('21', '20')).toEqual({ problem: 'The mark can be at most 20.' });
    for (const outOf of ['0', '1001', '2.5', 'ten', '-5'])
      expect(readMark('1', outOf), outOf).toEqual({ problem: MARK_WORDS.outOf });
  });

  it('writes a mark as it was typed', () => {
    expect(formatPoints(8550)).toBe('85.5');
    expect(formatPoints(8500)).toBe('85');
    expect(formatPoints(8525)).toBe('85.25');
    expect(formatPoints(5)).toBe('0.05');
    expect(formatPoints(0)).toBe('0');
    expect(markText({ hundredths: 1750, out_of: 20 })).toBe('17.5 / 20');
    for (const typed of ['85', '85.5', '85.25', '0.05', '999.99'])
      expect(
        formatPoints((readMark(typed, '1000') as { mark: { hundredths: number } }).mark.hundredths),
      ).toBe(typed);
  });

  it('reads what an item is marked out of by the same rule as a mark’s maximum', () => {
    expect(readOutOf('')).toEqual({ outOf: 100 });
    expect(readOutOf(' 20 ')).toEqual({ outOf: 20 });
    expect(readOutOf('1000')).toEqual({ outOf: 1000 });
    for (const outOf of ['0', '1001', '2.5', 'ten', '-5', '1e3'])
      expect(readOutOf(outOf), outOf).toEqual({ problem: MARK_WORDS.outOf });
    // An attempt's mark is read against its item's maximum, given as text.
    expect(readMark('85.5', String(100))).toEqual({ mark: { hundredths: 8550, out_of: 100 } });
    expect(readMark('', String(20))).toEqual({ mark: null });
  });
});
