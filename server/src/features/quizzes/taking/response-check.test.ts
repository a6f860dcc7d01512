import type { ItemBody } from '@academy/contract/quizzes/items';
import { describe, expect, it } from 'vitest';
import { responseProblem } from './response-check.js';

const choice: ItemBody = {
  type: 'choice',
  multiple: false,
  options: [
    { id: 'a', text: 'one' },
    { id: 'b', text: 'two' },
  ],
};

describe('a response checked against its item', () => {
  it('takes a response that fits', () => {
    expect(responseProblem(choice, { type: 'choice', chosen: ['a'] }, 0)).toBeNull();
    expect(responseProblem(choice, { type: 'choice', chosen: [] }, 0)).toBeNull();
  });

  it('refuses another kind of answer, in words naming the question', () => {
    expect(responseProblem(choice, { type: 'short', text: 'a' }, 2)).toBe(
      'Question 3 is not answered that way.',
    );
  });

  it('refuses options, gaps, prompts and pieces the item lacks', () => {
    expect(responseProblem(choice, { type: 'choice', chosen: ['z'] }, 0)).toBe(
      "Question 1's answer names something the question does not have.",
    );
    expect(responseProblem(choice, { type: 'choice', chosen: ['a', 'b'] }, 0)).toBe(
      'Question 1 takes one answer: choose one option.',
    );
    const gaps: ItemBody = {
      type: 'gaps',
      text: 'I {g1}.',
      gaps: [{ id: 'g1', choices: ['go', 'went'] }],
    };
    expect(responseProblem(gaps, { type: 'gaps', gaps: { g1: 'gone' } }, 0)).toBe(
      "Question 1's gap takes one of its own words.",
    );
    expect(responseProblem(gaps, { type: 'gaps', gaps: { g9: 'go' } }, 0)).not.toBeNull();
    const ordering: ItemBody = {
      type: 'ordering',
      unit: 'words',
      pieces: [
        { id: 'a', text: 'I' },
        { id: 'b', text: 'am' },
      ],
    };
    expect(responseProblem(ordering, { type: 'ordering', order: ['a', 'a'] }, 0)).toBe(
      "Question 1's answer uses a piece twice.",
    );
    const matching: ItemBody = {
      type: 'matching',
      prompts: [
        { id: 'p1', text: 'dog' },
        { id: 'p2', text: 'cat' },
      ],
      answers: [
        { id: 'x', text: 'bark' },
        { id: 'y', text: 'meow' },
      ],
    };
    expect(responseProblem(matching, { type: 'matching', pairs: { p1: 'q' } }, 0)).not.toBeNull();
    expect(responseProblem(matching, { type: 'matching', pairs: { p1: 'y' } }, 0)).toBeNull();
  });
});
