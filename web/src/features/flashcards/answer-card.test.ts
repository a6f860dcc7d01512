import { UpdateCardRequest } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { newAnswerId } from './answer-card';

describe('newAnswerId', () => {
  it('uses randomUUID where the browser has it', () => {
    expect(
      newAnswerId({
        randomUUID: () => 'uuid-from-browser',
        getRandomValues: crypto.getRandomValues.bind(crypto),
      }),
    ).toBe('uuid-from-browser');
  });

  it('works without randomUUID (plain HTTP is not a secure context), with an id the server accepts', () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const first = newAnswerId(insecure);
    const second = newAnswerId(insecure);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(
      UpdateCardRequest.safeParse({ id: 1, user_id: 1, was_correct: 'true', answer_id: first })
        .success,
    ).toBe(true);
  });
});
