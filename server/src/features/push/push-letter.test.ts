import { describe, expect, it } from 'vitest';
import { cutText, deliveryOf, PUSH_BODY_CHARS, pushOf } from './push-letter.js';

const letter = (kinds: ('reminder' | 'announcement' | 'attendance')[], text = 'Hello') => ({
  key: 'outbox-7',
  userId: 1,
  guardianId: null,
  items: kinds.map((kind) => ({ kind, text, path: '/results', createdAt: 0 })),
  digest: false,
});

describe('a push of a letter', () => {
  it('keeps a short text whole, on one line', () => {
    expect(cutText('Class\nis  at six.')).toBe('Class is at six.');
  });

  it('cuts a long text at a word, with an ellipsis, within the limit', () => {
    const cut = cutText('word '.repeat(100));
    expect(Array.from(cut).length).toBeLessThanOrEqual(PUSH_BODY_CHARS);
    expect(cut).toMatch(/word…$/);
  });

  it('cuts a text without spaces by characters, never inside one (emoji)', () => {
    const cut = cutText('😀'.repeat(300));
    expect(Array.from(cut)).toHaveLength(PUSH_BODY_CHARS);
    expect(cut.isWellFormed()).toBe(true);
  });

  it('carries the academy name, the path and the key as the tag', () => {
    expect(pushOf(letter(['announcement']), 'Our Academy')).toEqual({
      title: 'Our Academy',
      body: 'Hello',
      path: '/results',
      tag: 'outbox-7',
    });
  });

  it('wakes the phone for reminders and absence warnings only', () => {
    expect(deliveryOf(letter(['announcement']))).toEqual({ ttlSeconds: 86_400, urgency: 'normal' });
    expect(deliveryOf(letter(['attendance']))).toEqual({ ttlSeconds: 86_400, urgency: 'high' });
    expect(deliveryOf(letter(['reminder']))).toEqual({ ttlSeconds: 21_600, urgency: 'high' });
  });
});
