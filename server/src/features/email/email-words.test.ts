import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../settings/settings-secret.js';
import { digestWords, letterWords, shortened } from './email-words.js';

const person = {
  academyName: 'A & B Academy',
  origin: 'https://a.example',
  reader: { guardian: null },
} as const;

describe("the e-mails' words", () => {
  it('cuts a subject at a word near 60 characters, from the first line', () => {
    expect(shortened('Short one.\nSecond line.')).toBe('Short one.');
    expect(shortened(`${'word '.repeat(20)}end`)).toBe(`${'word '.repeat(12).trimEnd()}…`);
    expect(shortened('x'.repeat(80))).toBe(`${'x'.repeat(60)}…`);
  });

  it('escapes the academy, the text and the links in the HTML, not in the text', () => {
    const words = letterWords(
      { kind: 'announcement', text: 'Bring <b>"pens"</b>', path: '/notification' },
      person,
    );
    expect(words.subject).toBe('A & B Academy: Bring <b>"pens"</b>');
    expect(words.text).toContain('Bring <b>"pens"</b>');
    expect(words.html).toContain('A &amp; B Academy');
    expect(words.html).toContain('Bring &lt;b&gt;&quot;pens&quot;&lt;/b&gt;');
    expect(words.html).not.toContain('<b>');
  });

  it('counts a digest in its subject', () => {
    const item = { kind: 'assignment' as const, text: 'Essay', path: '/download-assignment' };
    expect(digestWords([item], person).subject).toBe('Your day at A & B Academy: 1 message');
    expect(digestWords([item, item], person).subject).toBe('Your day at A & B Academy: 2 messages');
  });
});

describe('a sealed secret', () => {
  const key = Buffer.alloc(32, 3);

  it('opens with its key and purpose only, and never reads as typed', () => {
    const sealed = sealSecret(key, 'p4ss word', 'smtp');
    expect(sealed).not.toContain('p4ss');
    expect(sealSecret(key, 'p4ss word', 'smtp')).not.toBe(sealed);
    expect(openSecret(key, sealed, 'smtp')).toBe('p4ss word');
    expect(openSecret(key, sealed, 'other')).toBeUndefined();
    expect(openSecret(Buffer.alloc(32, 4), sealed, 'smtp')).toBeUndefined();
  });

  it('does not open when changed, or with its tag cut short', () => {
    const [version, nonce, tag, data] = sealSecret(key, 'secret', 'smtp').split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      openSecret(key, [version, nonce, tag, flipped.toString('base64url')].join('.'), 'smtp'),
    ).toBeUndefined();
    const cut = Buffer.from(tag ?? '', 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    expect(openSecret(key, [version, nonce, cut, data].join('.'), 'smtp')).toBeUndefined();
    expect(openSecret(key, 'garbage', 'smtp')).toBeUndefined();
  });
});
