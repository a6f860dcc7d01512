import { describe, expect, it } from 'vitest';
import { isGsm, SMS_SEGMENTS, segmentsOf, smsText } from './sms-text.js';

describe('an SMS text', () => {
  it('begins with the academy’s name, or for a guardian says whom it is about', () => {
    expect(smsText('Bright English', 'See you  on\nMonday.')).toBe(
      'Bright English: See you on Monday.',
    );
    expect(smsText('Bright English', 'You missed class.', 'Ali Veli')).toBe(
      'Bright English, about Ali Veli: You missed class.',
    );
  });

  it('counts segments as phones do: GSM 7-bit, its two-septet characters, and UCS-2', () => {
    expect(segmentsOf('a'.repeat(160))).toBe(1);
    expect(segmentsOf('a'.repeat(161))).toBe(2);
    expect(segmentsOf('a'.repeat(306))).toBe(2);
    expect(segmentsOf('a'.repeat(307))).toBe(3);
    // '€' takes two septets: 80 of them fill one SMS.
    expect(segmentsOf('€'.repeat(80))).toBe(1);
    expect(segmentsOf('€'.repeat(81))).toBe(2);
    expect(isGsm('Çok güzel')).toBe(true);
    expect(isGsm('Devamsızlık')).toBe(false);
    expect(segmentsOf('ş'.repeat(70))).toBe(1);
    expect(segmentsOf('ş'.repeat(71))).toBe(2);
    // An emoji is two UTF-16 units.
    expect(segmentsOf('😀'.repeat(35))).toBe(1);
    expect(segmentsOf('😀'.repeat(36))).toBe(2);
  });

  it('cuts a long GSM text to three segments with "..." (no character that would make it UCS-2)', () => {
    const text = smsText('Academy', `${'lorem ipsum '.repeat(100)}end`);
    expect(isGsm(text)).toBe(true);
    expect(segmentsOf(text)).toBe(SMS_SEGMENTS);
    expect(text.endsWith('...')).toBe(true);
    expect(text.startsWith('Academy: lorem ipsum')).toBe(true);
    // At a word's end.
    expect(text.slice(0, -3).endsWith('lorem') || text.slice(0, -3).endsWith('ipsum')).toBe(true);
  });

  it('cuts a long UCS-2 text with "…", never splitting an emoji', () => {
    const text = smsText('Akademi', `Devamsızlık ${'😀'.repeat(300)}`);
    expect(segmentsOf(text)).toBeLessThanOrEqual(SMS_SEGMENTS);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(text.length).toBeLessThanOrEqual(67 * SMS_SEGMENTS);
  });
});
