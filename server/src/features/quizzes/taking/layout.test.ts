import type { ItemBody, ItemKey } from '@academy/contract/quizzes/items';
import { describe, expect, it } from 'vitest';
import { bodyAsShown, optionLayout, shuffled } from './layout.js';

/** A random source that always answers the same, so "shuffled" is predictable. */
const always = (n: number) => () => n;

const ordering: ItemBody = {
  type: 'ordering',
  unit: 'words',
  pieces: [
    { id: 'a', text: 'I' },
    { id: 'b', text: 'am' },
    { id: 'c', text: 'here' },
  ],
};
const orderKey: ItemKey = { type: 'ordering', order: ['a', 'b', 'c'] };

describe('an attempt’s layout', () => {
  it('keeps every element when shuffling', () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    expect([...shuffled(list)].sort((x, y) => x - y)).toEqual(list);
  });

  it('never shows an ordering item in its right order, even when chance would', () => {
    // A random source that leaves every element in place: the shuffle is the identity.
    for (let i = 0; i < 20; i++) {
      const { option_order } = optionLayout(ordering, orderKey, false, (below) => below - 1);
      expect(option_order).not.toEqual(['a', 'b', 'c']);
      expect([...(option_order ?? [])].sort()).toEqual(['a', 'b', 'c']);
    }
  });

  it('shuffles a choice item’s options only when the quiz says so', () => {
    const choice: ItemBody = {
      type: 'choice',
      multiple: false,
      options: [
        { id: 'a', text: 'one' },
        { id: 'b', text: 'two' },
        { id: 'c', text: 'three' },
      ],
    };
    const key: ItemKey = { type: 'choice', credit: { a: 100 } };
    expect(optionLayout(choice, key, false, always(0)).option_order).toEqual(['a', 'b', 'c']);
    expect(optionLayout(choice, key, true, always(0)).option_order).toEqual(['b', 'c', 'a']);
  });

  it('shows the body in the attempt’s order, and a gap’s words in theirs', () => {
    const gaps: ItemBody = {
      type: 'gaps',
      text: 'I {g1} home.',
      gaps: [{ id: 'g1', choices: ['went', 'go', 'gone'] }],
    };
    const shown = bodyAsShown(gaps, {
      position: 0,
      item_id: 1,
      version_id: 1,
      choice_orders: { g1: [2, 0, 1] },
    });
    expect(shown.type === 'gaps' && shown.gaps[0]?.choices).toEqual(['gone', 'went', 'go']);
    const pieces = bodyAsShown(ordering, {
      position: 0,
      item_id: 1,
      version_id: 1,
      option_order: ['c', 'a', 'b'],
    });
    expect(pieces.type === 'ordering' && pieces.pieces.map((p) => p.text)).toEqual([
      'here',
      'I',
      'am',
    ]);
  });
});
