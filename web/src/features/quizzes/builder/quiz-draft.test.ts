import { SaveQuizRequest } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import {
  bandLines,
  bandProblems,
  blankDraft,
  type DraftPart,
  draftOf,
  draftProblem,
  moved,
  type QuizDetail,
  type QuizDraft,
  saveRequestOf,
} from './quiz-draft';

const item = (id: number): DraftPart => ({
  key: `i${id}`,
  item: { id, prompt: `Prompt ${id}`, type: 'choice' },
  draw: null,
  available: null,
});
const draw = (count: string, level: 'B1' | '' = 'B1'): DraftPart => ({
  key: `d${count}`,
  item: null,
  draw: { level, skill: '', unit: ' Unit 3 ', count },
  available: null,
});

const ready = (change: Partial<QuizDraft> = {}): QuizDraft => ({
  ...blankDraft('UTC', Date.UTC(2026, 11, 2, 9, 30)),
  title: ' Week 3 ',
  parts: [item(4), draw('3')],
  ...change,
});

const bands = (typed: Partial<QuizDraft['bands']>): QuizDraft['bands'] => ({
  A1: '',
  A2: '',
  B1: '',
  B2: '',
  C1: '',
  C2: '',
  ...typed,
});

describe('a new quiz', () => {
  it('opens now for a week on the academy’s clock', () => {
    const draft = blankDraft('Asia/Tehran', Date.UTC(2026, 11, 2, 9, 30));
    expect(draft.window).toEqual({ opens: '2026-12-02T13:00', closes: '2026-12-09T13:00' });
    expect(draft.attempts).toBe('1');
    expect(draft.review).toEqual({
      when: 'at_once',
      score: true,
      answers: true,
      right_answers: false,
      feedback: false,
    });
  });
});

describe('saveRequestOf', () => {
  it('makes what the contract takes: trimmed words, numbers, parts in order', () => {
    const request = saveRequestOf(ready({ timeLimit: ' 20 ', attempts: '0', outOf: '10' }), 7);
    expect(request).toMatchObject({
      id: 7,
      title: 'Week 3',
      access_start: '2026-12-02T09:30',
      time_limit_minutes: 20,
      attempts_allowed: 0,
      out_of: 10,
      bands: null,
      parts: [{ item_id: 4 }, { draw: { level: 'B1', skill: null, unit: 'Unit 3', count: 3 } }],
    });
    expect(SaveQuizRequest.safeParse(request).success).toBe(true);
  });

  it('leaves the id out of a new quiz, and a blank time limit is none', () => {
    const request = saveRequestOf(ready());
    expect('id' in request).toBe(false);
    expect(request.time_limit_minutes).toBeNull();
  });

  it('sends a placement test’s bands lowest level first, leaving out blank levels', () => {
    const request = saveRequestOf(
      ready({ kind: 'placement', bands: bands({ A1: '0', B1: '45', A2: '20 ' }) }),
    );
    expect(request.bands).toEqual([
      { level: 'A1', from_percent: 0 },
      { level: 'A2', from_percent: 20 },
      { level: 'B1', from_percent: 45 },
    ]);
    expect(SaveQuizRequest.safeParse(request).success).toBe(true);
  });

  it('sends no bands for a quiz, whatever was typed for them', () => {
    expect(saveRequestOf(ready({ bands: bands({ A1: '0' }) })).bands).toBeNull();
  });
});

describe('bands', () => {
  it('must go up, level by level, in whole percents', () => {
    expect(bandProblems(bands({ A1: '0', A2: '30', B1: '30' }))).toEqual([
      'B1 must start higher than A2 (30 %).',
    ]);
    expect(bandProblems(bands({ A1: '10.5', B2: '101' }))).toEqual([
      'A1 must start at a whole percent from 0 to 100.',
      'B2 must start at a whole percent from 0 to 100.',
    ]);
    expect(bandProblems(bands({}))[0]).toMatch(/at least one band/);
    expect(bandProblems(bands({ A2: '20', C1: '80' }))).toEqual([]);
  });

  it('agree with the server: what passes here passes the contract', () => {
    for (const typed of [
      { A1: '0', A2: '30', B1: '30' },
      { A1: '50', B1: '40' },
      { A2: '20', C1: '80' },
    ]) {
      const draft = ready({ kind: 'placement', bands: bands(typed) });
      const parsed = SaveQuizRequest.safeParse(saveRequestOf(draft));
      expect(parsed.success).toBe(bandProblems(draft.bands).length === 0);
    }
  });

  it('say what each score suggests, below the lowest band too', () => {
    expect(bandLines(bands({ A2: '20', B1: '50', C1: '80' }))).toEqual([
      'Under 20 %: no level suggested',
      'A2: 20 % to under 50 %',
      'B1: 50 % to under 80 %',
      'C1: 80 % and above',
    ]);
    expect(bandLines(bands({ A1: '0' }))).toEqual(['A1: 0 % and above']);
  });
});

describe('draftProblem', () => {
  it('says the first thing to fix, in the form’s order', () => {
    expect(draftProblem(ready({ title: ' ' }))).toBe('Please enter a title.');
    expect(draftProblem(ready({ window: { opens: '', closes: '' } }))).toBe(
      'Please choose when it opens and closes.',
    );
    expect(draftProblem(ready({ timeLimit: '0' }))).toMatch(/^The time limit/);
    expect(draftProblem(ready({ attempts: '-1' }))).toMatch(/^Attempts allowed/);
    expect(draftProblem(ready({ outOf: '0' }))).toBe(
      'The mark must be out of a whole number from 1 to 1000.',
    );
    expect(draftProblem(ready({ kind: 'placement' }))).toMatch(/at least one band/);
    expect(draftProblem(ready({ parts: [] }))).toBe('Add at least one item or draw to the quiz.');
    expect(draftProblem(ready({ parts: [draw('0')] }))).toBe(
      'A draw takes a whole number of items from 1 to 100.',
    );
    expect(draftProblem(ready())).toBeNull();
  });
});

describe('draftOf', () => {
  it('shows a saved quiz as the form types it, on the academy’s clock', () => {
    const quiz = {
      title: 'Placement',
      tag: null,
      description: '',
      kind: 'placement',
      access_start: '2026-12-02 09:30:00',
      access_end: '2026-12-09 09:30:00',
      time_limit_minutes: null,
      attempts_allowed: 2,
      counts: 'last',
      shuffle_items: true,
      shuffle_options: false,
      one_per_page: false,
      review: {
        when: 'after_close',
        score: true,
        answers: false,
        right_answers: true,
        feedback: false,
      },
      cards: 'make',
      out_of: 50,
      bands: [{ level: 'B1', from_percent: 40 }],
      parts: [
        {
          position: 0,
          item_id: 3,
          item_prompt: 'Hi',
          item_type: 'short',
          draw: null,
          available: null,
        },
        {
          position: 1,
          item_id: null,
          item_prompt: null,
          item_type: null,
          draw: { level: null, skill: 'grammar', unit: null, count: 2 },
          available: 9,
        },
      ],
    } as unknown as QuizDetail;
    const draft = draftOf(quiz, 'UTC');
    expect(draft.window.opens).toBe('2026-12-02T09:30');
    expect(draft.timeLimit).toBe('');
    expect(draft.bands.B1).toBe('40');
    expect(draft.parts[1]).toMatchObject({
      draw: { level: '', skill: 'grammar', unit: '', count: '2' },
      available: 9,
    });
    expect(saveRequestOf(draft).parts).toEqual([
      { item_id: 3 },
      { draw: { level: null, skill: 'grammar', unit: null, count: 2 } },
    ]);
  });
});

describe('moved', () => {
  it('swaps a part with its neighbour, and stays put at either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
