import type { ItemBody, ItemKey } from '@academy/contract/quizzes/items';
import { describe, expect, it } from 'vitest';
import { cardIdentity, mistakeCards } from './mistake-cards.js';

const gaps = {
  prompt: 'Fill the gaps.',
  body: {
    type: 'gaps',
    text: 'I {g1} tea. She {g2} coffee.',
    gaps: [{ id: 'g1' }, { id: 'g2' }],
  } as ItemBody,
  key: { type: 'gaps', gaps: { g1: ['drink'], g2: ['drinks'] }, typo: 'none' } as ItemKey,
  points: 2,
};

const matching = {
  prompt: 'Match.',
  body: {
    type: 'matching',
    prompts: [
      { id: 'p1', text: 'dog' },
      { id: 'p2', text: 'cat' },
    ],
    answers: [
      { id: 'x', text: 'bark' },
      { id: 'y', text: 'meow' },
    ],
  } as ItemBody,
  key: { type: 'matching', pairs: { p1: 'x', p2: 'y' } } as ItemKey,
  points: 2,
};

describe('the cards a mistake may become', () => {
  it('makes one card per gap of an unanswered gap fill, each with its own sentence', () => {
    expect(mistakeCards(gaps, null)).toEqual([
      { part: 'g1', front: 'I ___ tea.', back: 'I drink tea.' },
      { part: 'g2', front: 'She ___ coffee.', back: 'She drinks coffee.' },
    ]);
  });

  it('makes cards of the wrong gaps and pairs only, and none for a right answer', () => {
    expect(
      mistakeCards(gaps, { type: 'gaps', gaps: { g1: 'drink', g2: 'drink' } }).map((c) => c.part),
    ).toEqual(['g2']);
    expect(mistakeCards(gaps, { type: 'gaps', gaps: { g1: 'drink', g2: 'drinks' } })).toEqual([]);
    expect(mistakeCards(matching, { type: 'matching', pairs: { p1: 'y', p2: 'y' } })).toEqual([
      { part: 'p1', front: 'Match.\ndog', back: 'bark' },
    ]);
  });

  it('makes none for a spoken answer or a dictation, even a wrong one', () => {
    const dictation = {
      prompt: 'Write what you hear.',
      body: { type: 'dictation' } as ItemBody,
      key: { type: 'dictation', text: 'hello world' } as ItemKey,
      points: 1,
    };
    expect(mistakeCards(dictation, { type: 'dictation', text: 'yellow word' })).toEqual([]);
    const spoken = {
      prompt: 'Say hello.',
      body: { type: 'spoken', max_seconds: 30 } as ItemBody,
      key: { type: 'spoken', model_answer: 'Hello!' } as ItemKey,
      points: 1,
    };
    expect(mistakeCards(spoken, null)).toEqual([]);
  });

  it('recognises a card by both its texts', () => {
    const card = { front: 'a', back: 'b' };
    expect(cardIdentity(card)).toBe(cardIdentity({ ...card }));
    expect(cardIdentity(card)).not.toBe(cardIdentity({ front: 'a', back: 'c' }));
    expect(cardIdentity({ front: 'a\u0000', back: 'b' })).not.toBe(
      cardIdentity({ front: 'a', back: '\u0000b' }),
    );
  });
});
