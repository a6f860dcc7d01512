import { describe, expect, it } from 'vitest';
import { findHiddenCharacter } from './validation.js';

describe('findHiddenCharacter', () => {
  it('names the path of the first hidden character, keys naming their object', () => {
    expect(findHiddenCharacter({ a: 'fine', b: [1, 'x\u0000'] })).toEqual(['b', 1]);
    expect(findHiddenCharacter({ a: { 'bad\u0000': 1 } })).toEqual(['a']);
    expect(findHiddenCharacter(['\ud83d'])).toEqual([0]);
    expect(findHiddenCharacter('\u0000')).toEqual([]);
    expect(findHiddenCharacter({ a: ['ok', { b: 'fine 😀' }] })).toBeUndefined();
  });

  it('walks a deep value in one pass (a copied path per level cost the square of the depth)', () => {
    // 50,000 levels: a walk that copies the path at every level does over a billion copies and
    // runs past the test's time limit; a linear one is done at once. Bodies this deep never
    // reach it (json-body.ts refuses them), but values parsed inside a field do.
    const depth = 50_000;
    let value: unknown = 'at the bottom \u0000';
    for (let i = 0; i < depth; i += 1) value = [value];
    const path = findHiddenCharacter(value);
    expect(path).toHaveLength(depth);
    expect(path?.every((step) => step === 0)).toBe(true);
  });
});
