import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseQuestions, QUESTION_TEXT_LIMITS } from './question-text.js';

const sample = fs.readFileSync(
  path.join(import.meta.dirname, 'fixtures', 'sample.aiken.txt'),
  'utf8',
);

it('reads Aiken questions into one-answer multiple choice', () => {
  const { questions } = parseQuestions(sample, 'aiken');
  expect(questions.map((q) => q.line)).toEqual([1, 8, 13]);
  expect(questions[0]).toEqual({
    line: 1,
    title: null,
    category: null,
    tags: { level: null, skill: null, unit: null },
    notes: [],
    version: {
      prompt: 'What is the past simple of "go"?',
      body: {
        type: 'choice',
        multiple: false,
        options: [
          { id: 'a', text: 'goed' },
          { id: 'b', text: 'went' },
          { id: 'c', text: 'gone' },
          { id: 'd', text: 'going' },
        ],
      },
      key: { type: 'choice', credit: { a: 0, b: 100, c: 0, d: 0 } },
      points: 1,
    },
  });
  // "B)" options, and a question straight after the last one's ANSWER line.
  expect(questions[1]?.version.key).toEqual({ type: 'choice', credit: { a: 0, b: 100, c: 0 } });
  // A question over two lines; a lower-case answer letter.
  expect(questions[2]?.version.prompt).toBe(
    'Choose the correct sentence. It\nmay run over two lines.',
  );
  expect(questions[2]?.version.key).toEqual({ type: 'choice', credit: { a: 0, b: 100 } });
});

it('refuses broken Aiken questions by their line, and why', () => {
  const { refused } = parseQuestions(sample, 'aiken');
  expect(refused.map((r) => [r.line, r.reason])).toEqual([
    [19, 'The answer E is not one of the question’s letters.'],
    [24, 'The question has no ANSWER: line after its answers.'],
    [29, 'A question needs at least two answers, A. and B.'],
    [33, 'An answer comes before its question.'],
    [34, 'An ANSWER: line has no question above it.'],
    [36, 'An Aiken question has one right answer: write ANSWER: and one letter.'],
    [42, 'Two answers have the letter A.'],
  ]);
  expect(refused[0]?.excerpt).toBe('Which is a colour? A. red B. run ANSWER: E');
});

it('Windows line endings, a byte order mark, and no blank lines', () => {
  const { questions, refused } = parseQuestions(
    '\ufeffOne?\r\nA. x\r\nB. y\r\nANSWER: A\r\nTwo?\r\nA. x\r\nB. y\r\nANSWER: B\r\n',
    'aiken',
  );
  expect(refused).toEqual([]);
  expect(questions.map((q) => [q.line, q.version.prompt])).toEqual([
    [1, 'One?'],
    [5, 'Two?'],
  ]);
});

it('never throws on garbage, and refuses a text over the limits whole', () => {
  expect(() => parseQuestions('\u0000\u0001}{~=#\n'.repeat(10_000), 'aiken')).not.toThrow();
  expect(parseQuestions('ANSWER: A', 'aiken').refused).toHaveLength(1);
  expect(
    parseQuestions(
      'Q?\nA. x\nB. y\nANSWER: A\n'.repeat(QUESTION_TEXT_LIMITS.questions + 1),
      'aiken',
    ),
  ).toEqual({
    questions: [],
    refused: [
      expect.objectContaining({ line: 1, reason: expect.stringContaining('more than 2,000') }),
    ],
  });
  expect(
    parseQuestions('x'.repeat(QUESTION_TEXT_LIMITS.bytes + 1), 'aiken').refused[0]?.reason,
  ).toContain('2 MB');
  // An option longer than the bank takes is refused in words, not thrown.
  expect(
    parseQuestions(`Q?\nA. ${'x'.repeat(600)}\nB. y\nANSWER: B`, 'aiken').refused[0]?.reason,
  ).toBe('Answer 1 must be at most 500 characters.');
});
