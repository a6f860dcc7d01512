import { describe, expect, it } from 'vitest';
import {
  type Answer,
  type AnswersPayload,
  isAnswered,
  mergeAnswers,
  savesOf,
  waitingPositions,
} from './answer-queue';

const short = (text: string): Answer => ({ type: 'short', text });
const save = (attemptId: number, ...answers: [number, Answer][]): AnswersPayload => ({
  user_id: 7,
  attempt_id: attemptId,
  answers: answers.map(([position, response]) => ({ position, response, seconds: 0 })),
});

describe('the answers on the phone', () => {
  const saved = [
    { position: 0, response: short('server 0') },
    { position: 1, response: short('server 1') },
    { position: 2, response: null },
  ];

  it('takes the saves since the read over what the server had, in order', () => {
    const answers = mergeAnswers(
      saved,
      [save(5, [1, short('first')]), save(5, [1, short('second')], [2, short('new')])],
      5,
      new Map(),
    );
    expect(answers.get(0)).toEqual(short('server 0'));
    expect(answers.get(1)).toEqual(short('second'));
    expect(answers.get(2)).toEqual(short('new'));
  });

  it('keeps what the student is typing over a refetch and over older saves', () => {
    const answers = mergeAnswers(
      saved,
      [save(5, [0, short('waiting')])],
      5,
      new Map([[0, short('typing')]]),
    );
    expect(answers.get(0)).toEqual(short('typing'));
  });

  it('ignores another attempt’s saves', () => {
    const answers = mergeAnswers(saved, [save(6, [0, short('other')])], 5, new Map());
    expect(answers.get(0)).toEqual(short('server 0'));
    expect(waitingPositions([save(6, [0, null]), save(5, [3, null], [4, null])], 5)).toEqual(
      new Set([3, 4]),
    );
  });

  it('lets a cleared answer stand over a saved one', () => {
    expect(mergeAnswers(saved, [save(5, [0, null])], 5, new Map()).get(0)).toBeNull();
  });
});

describe('what counts as answered', () => {
  it('is something said', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered(short('  '))).toBe(false);
    expect(isAnswered({ type: 'choice', chosen: [] })).toBe(false);
    expect(isAnswered({ type: 'gaps', gaps: { g1: '', g2: 'went' } })).toBe(true);
    expect(isAnswered({ type: 'true_false', answer: false })).toBe(true);
    expect(isAnswered({ type: 'ordering', order: [] })).toBe(false);
  });
});

describe('the saves sent', () => {
  it('sends a blank answer as a cleared one, with whole seconds within bounds', () => {
    const [first] = savesOf(
      new Map([
        [0, short('')],
        [1, short('yes')],
      ]),
      (p) => (p === 0 ? -3 : 12.6),
      { user_id: 7, attempt_id: 5 },
    );
    expect(first?.answers).toEqual([
      { position: 0, response: null, seconds: 0 },
      { position: 1, response: short('yes'), seconds: 13 },
    ]);
  });

  it('splits a long queue into saves the server takes', () => {
    const due = new Map(Array.from({ length: 230 }, (_, i): [number, Answer] => [i, short('a')]));
    const saves = savesOf(due, () => 0, { user_id: 7, attempt_id: 5 });
    expect(saves.map((s) => s.answers.length)).toEqual([100, 100, 30]);
  });
});
