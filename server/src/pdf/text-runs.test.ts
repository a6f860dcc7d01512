import { describe, expect, it } from 'vitest';
import { type RunFont, textRuns } from './text-runs.js';

/** A Latin-and-Arabic font (as DejaVu Sans) and a CJK one (as Droid Sans Fallback). */
const sans: RunFont = {
  name: 'sans',
  has: (cp) => cp < 0x2e80 && !(cp >= 0x0590 && cp < 0x0600),
};
const cjk: RunFont = { name: 'cjk', has: (cp) => cp >= 0x2e80 || cp === 0x20 };
const fonts = [sans, cjk];

describe('textRuns', () => {
  it('keeps a Latin line, Turkish letters included, in one run', () => {
    expect(textRuns('Ayşe Yılmaz Ğğ İı', fonts)).toEqual([
      { font: 'sans', text: 'Ayşe Yılmaz Ğğ İı', rtl: false },
    ]);
  });

  it('draws each character in the first font that has it', () => {
    expect(textRuns('Li 王小明 Wang', fonts)).toEqual([
      { font: 'sans', text: 'Li ', rtl: false },
      { font: 'cjk', text: '王小明 ', rtl: false },
      { font: 'sans', text: 'Wang', rtl: false },
    ]);
  });

  it('keeps an Arabic name whole, spaces and all, for the engine to shape and order', () => {
    expect(textRuns('محمد عبد الله', fonts)).toEqual([
      { font: 'sans', text: 'محمد عبد الله', rtl: true },
    ]);
  });

  it('splits where the direction turns, and moves the space out of the reversed run', () => {
    expect(textRuns('Zoë مريم Çelik', fonts)).toEqual([
      { font: 'sans', text: 'Zoë ', rtl: false },
      { font: 'sans', text: 'مريم', rtl: true },
      { font: 'sans', text: ' Çelik', rtl: false },
    ]);
  });

  it('reads a line that starts right to left from the right', () => {
    expect(textRuns('مريم Smith', fonts)).toEqual([
      { font: 'sans', text: ' Smith', rtl: false },
      { font: 'sans', text: 'مريم', rtl: true },
    ]);
  });

  it('falls back to the first font where no font has a character, and draws nothing of nothing', () => {
    expect(textRuns('א', [sans])).toEqual([{ font: 'sans', text: 'א', rtl: true }]);
    expect(textRuns('', fonts)).toEqual([]);
    expect(textRuns('x', [])).toEqual([]);
  });
});
