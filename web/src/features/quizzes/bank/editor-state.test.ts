import { SaveQuizItemRequest } from '@academy/contract';
import type { ItemBody, ItemKey } from '@academy/contract/quizzes/items';
import { describe, expect, it } from 'vitest';
import {
  blankDraft,
  blankParts,
  bodyAndKey,
  type Draft,
  draftProblems,
  gapIdsOf,
  HAND_MADE_TYPES,
  partsOf,
  saveRequestOf,
} from './editor-state';
import { formatOf } from './use-question-text';

const draft = (parts: Draft['parts'], prompt = 'Choose.'): Draft => ({
  ...blankDraft(),
  prompt,
  parts,
});

describe('the item editor', () => {
  it('reads a saved item and writes the same body and key back', () => {
    const items: [ItemBody, ItemKey][] = [
      [
        {
          type: 'choice',
          multiple: true,
          options: [
            { id: 'a', text: 'go' },
            { id: 'b', text: 'went' },
            { id: 'c', text: 'gone' },
          ],
        },
        { type: 'choice', credit: { a: 50, b: 50, c: -50 }, feedback: { c: 'A participle.' } },
      ],
      [
        {
          type: 'gaps',
          text: 'She {g1} home and {g2} tea.',
          gaps: [{ id: 'g1' }, { id: 'g2', choices: ['made', 'did'] }],
        },
        { type: 'gaps', gaps: { g1: ['went', 'walked'], g2: ['made'] }, typo: 'half' },
      ],
      [
        {
          type: 'matching',
          prompts: [
            { id: 'p1', text: 'cat' },
            { id: 'p2', text: 'dog' },
          ],
          answers: [
            { id: 'a1', text: 'animal' },
            { id: 'a2', text: 'plant' },
          ],
        },
        { type: 'matching', pairs: { p1: 'a1', p2: 'a1' } },
      ],
      [
        {
          type: 'ordering',
          unit: 'words',
          pieces: [
            { id: 'o1', text: 'I' },
            { id: 'o2', text: 'am' },
            { id: 'o3', text: 'here' },
          ],
        },
        { type: 'ordering', order: ['o1', 'o2', 'o3'] },
      ],
      [
        { type: 'numerical' },
        {
          type: 'numerical',
          accepted: [
            { value: 3.5, tolerance: 0.1, percent: 100, feedback: 'Three and a half.' },
            { value: -4, tolerance: 0, percent: 50 },
          ],
        },
      ],
      [{ type: 'dictation' }, { type: 'dictation', text: 'The train leaves at nine.' }],
      [
        { type: 'spoken', max_seconds: 45 },
        { type: 'spoken', model_answer: 'I live in Leeds.' },
      ],
      [{ type: 'spoken', max_seconds: 120 }, { type: 'spoken' }],
    ];
    for (const [body, key] of items) {
      const back = bodyAndKey(partsOf(body, key));
      expect(back.body).toEqual(body);
      expect(back.key).toEqual(key);
    }
  });

  it('makes every kind of item by hand, starting from a blank one', () => {
    for (const type of HAND_MADE_TYPES) {
      const { body, key } = bodyAndKey(blankParts(type));
      expect([body.type, key.type]).toEqual([type, type]);
    }
    expect(HAND_MADE_TYPES).toEqual(expect.arrayContaining(['numerical', 'dictation', 'spoken']));
  });

  it('reads a number typed with a decimal point or comma, and names one typed wrong', () => {
    const parts = {
      type: 'numerical' as const,
      accepted: [
        { value: ' 3,5 ', tolerance: '0.25', percent: '100', feedback: ' ' },
        { value: '-2', tolerance: '0', percent: '40', feedback: '' },
      ],
    };
    expect(bodyAndKey(parts).key).toEqual({
      type: 'numerical',
      accepted: [
        { value: 3.5, tolerance: 0.25, percent: 100, feedback: undefined },
        { value: -2, tolerance: 0, percent: 40, feedback: undefined },
      ],
    });
    expect(draftProblems(draft(parts, 'How many?'), true)).toEqual([]);
    const wrong = {
      ...parts,
      accepted: [{ value: 'three', tolerance: '-1', percent: '100', feedback: '' }],
    };
    expect(draftProblems(draft(wrong, 'How many?'), true)).toEqual([
      'Every accepted number must be a number, as 12 or 3.5.',
      'Every margin must be a number, 0 or more.',
    ]);
    const noFull = { ...parts, accepted: [{ ...parts.accepted[1], percent: '40' }] };
    expect(draftProblems(draft(noFull as typeof parts))).toContain(
      'One accepted answer must be worth 100 %.',
    );
  });

  it('asks a dictation for its words and a recording to stand on', () => {
    const dictation = draft({ type: 'dictation', text: '' }, 'Write what you hear.');
    const needsRecording =
      'A dictation is written down from a recording: choose a recording as its passage.';
    expect(draftProblems(dictation)).toEqual([needsRecording]);
    expect(draftProblems(dictation, true)).toEqual([
      needsRecording,
      'Please write what the recording says.',
    ]);
    const reading = { id: 4, kind: 'text' as const, title: 'At the station' };
    expect(draftProblems({ ...dictation, passage: reading })).toEqual([needsRecording]);
    const recording = { ...reading, kind: 'recording' as const };
    const ready = {
      ...dictation,
      passage: recording,
      parts: { type: 'dictation' as const, text: ' The train is late. ' },
    };
    expect(draftProblems(ready, true)).toEqual([]);
    expect(saveRequestOf(ready)).toMatchObject({
      passage_id: 4,
      version: {
        body: { type: 'dictation' },
        key: { type: 'dictation', text: 'The train is late.' },
      },
    });
  });

  it('sends number, dictation and spoken items as the contract accepts them', () => {
    const recording = { id: 9, kind: 'recording' as const, title: 'Station' };
    const drafts: Draft[] = [
      draft({
        type: 'numerical',
        accepted: [{ value: '12', tolerance: '0.5', percent: '100', feedback: 'Twelve.' }],
      }),
      { ...draft({ type: 'dictation', text: 'Mind the gap.' }), passage: recording },
      draft({ type: 'spoken', seconds: 60, modelAnswer: 'My name is Ana.' }),
    ];
    for (const typed of drafts) {
      expect(draftProblems(typed, true)).toEqual([]);
      expect(SaveQuizItemRequest.safeParse(saveRequestOf(typed)).error).toBeUndefined();
    }
  });

  it('saves a spoken answer with its length, and its model answer only when written', () => {
    const spoken = blankParts('spoken');
    expect(spoken).toEqual({ type: 'spoken', seconds: 120, modelAnswer: '' });
    expect(bodyAndKey(spoken)).toEqual({
      body: { type: 'spoken', max_seconds: 120 },
      key: { type: 'spoken', model_answer: undefined },
    });
    expect(draftProblems(draft(spoken, 'Say where you live.'), true)).toEqual([]);
  });

  it('names the gaps a text marks, once each, in order', () => {
    expect(gapIdsOf('{g2} and {g1}, then {g2} again')).toEqual(['g2', 'g1']);
  });

  it("says the key's problems as the teacher types", () => {
    const choice = blankParts('choice');
    if (choice.type !== 'choice') throw new Error('a choice item');
    const noRight = { ...choice, options: choice.options.map((o) => ({ ...o, credit: '0' })) };
    expect(draftProblems(draft(noRight))).toContain('One option must be worth 100 %.');
    expect(draftProblems(draft(blankParts('gaps')))).toContain(
      'Mark at least one gap in the text, as {g1}.',
    );
  });

  it("names, when saving, what the server's checks would refuse", () => {
    const typed = draft(blankParts('choice'), '');
    const problems = draftProblems({ ...typed, points: 'ten' }, true);
    expect(problems).toContain('Points must be a whole number from 1 to 100.');
    expect(problems).toContain('Please write the prompt.');
    expect(problems).toContain('Every option needs its text.');
    const gaps = { type: 'gaps' as const, text: 'I {g1} here.', typo: 'none' as const, gaps: {} };
    expect(draftProblems(draft(gaps), true)).toContain('The gap {g1} needs its accepted answer.');
  });

  it('saves a short answer whole, with its tags', () => {
    const parts = {
      type: 'short' as const,
      typo: 'half' as const,
      accepted: [{ text: ' went ', percent: '100', feedback: '' }],
    };
    const request = saveRequestOf(
      { ...draft(parts, 'Past of go?'), level: 'A2', unit: ' Unit 3 ' },
      7,
    );
    expect(request).toMatchObject({
      item_id: 7,
      passage_id: null,
      level: 'A2',
      skill: null,
      unit: 'Unit 3',
      version: {
        points: 1,
        key: { type: 'short', typo: 'half', accepted: [{ text: 'went', percent: 100 }] },
      },
    });
    expect(draftProblems(draft(parts, 'Past of go?'), true)).toEqual([]);
  });
});

describe('a chosen file', () => {
  it('is read as GIFT unless it looks like Aiken', () => {
    expect(formatOf('week3.gift', 'ANSWER: B')).toBe('gift');
    expect(formatOf('quiz.txt', 'Which?\nA. one\nB. two\nANSWER: B\n')).toBe('aiken');
    expect(formatOf('quiz.txt', '::Q1:: Which? {=one ~two}')).toBe('gift');
  });
});
