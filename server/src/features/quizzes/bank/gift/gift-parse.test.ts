import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP_INSTRUCTIONS } from './gift-parse.js';
import { type ImportedQuestion, parseQuestions, QUESTION_TEXT_LIMITS } from './question-text.js';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

const gift = (text: string) => parseQuestions(text, 'gift');
/** The one question a text holds (the test fails if it holds another number or refuses any). */
const one = (text: string): ImportedQuestion => {
  const { questions, refused } = gift(text);
  expect(refused).toEqual([]);
  expect(questions).toHaveLength(1);
  return questions[0] as ImportedQuestion;
};
/** The one refusal a text gives. */
const refusal = (text: string) => {
  const { questions, refused } = gift(text);
  expect(questions).toEqual([]);
  expect(refused).toHaveLength(1);
  return refused[0] as { line: number; excerpt: string; reason: string };
};

describe("Moodle's own examples (question/format/gift/examples.txt)", () => {
  const { questions, refused } = gift(fixture('moodle-examples.txt'));
  const at = (line: number) => {
    const found = questions.find((q) => q.line === line);
    if (!found) throw new Error(`no question at line ${line}`);
    return found;
  };

  it('reads every example, and refuses none', () => {
    expect(refused).toEqual([]);
    expect(questions.map((q) => `${q.line} ${q.version.body.type}`)).toEqual([
      '8 choice',
      '10 gaps',
      '12 true_false',
      '14 short',
      '16 numerical',
      '25 choice',
      '27 gaps',
      '29 gaps',
      '35 choice',
      '43 short',
      '45 gaps',
      '49 true_false',
      '51 true_false',
      '55 matching',
      '61 matching',
      '70 numerical',
      '72 numerical',
      '74 numerical',
      '76 numerical',
      '85 numerical',
      '90 short',
      '93 gaps',
      '98 choice',
      '103 short',
      '108 short',
      '113 true_false',
      '115 choice',
      '117 choice',
      '123 short',
      '130 choice',
      '136 choice',
      '143 choice',
      '148 choice',
      '167 choice',
      '169 gaps',
      '171 true_false',
      '173 short',
      '175 numerical',
      '177 matching',
      '184 choice',
      '190 choice',
      '195 short',
      '202 numerical',
    ]);
    expect(questions.every((q) => q.category === null && q.version.points === 1)).toBe(true);
  });

  it('multiple choice: = right, ~ wrong', () => {
    expect(at(8).version).toEqual({
      prompt: "Who's buried in Grant's tomb?",
      body: {
        type: 'choice',
        multiple: false,
        options: [
          { id: 'a', text: 'Grant' },
          { id: 'b', text: 'Jefferson' },
          { id: 'c', text: 'no one' },
        ],
      },
      key: { type: 'choice', credit: { a: 0, b: 0, c: 100 } },
      points: 1,
    });
  });

  it('missing word chosen from a list becomes a gap fill with one chosen gap', () => {
    expect(at(10).version).toEqual({
      prompt: GAP_INSTRUCTIONS.chosen,
      body: {
        type: 'gaps',
        text: "Grant is {g1} in Grant's tomb.",
        gaps: [{ id: 'g1', choices: ['buried', 'entombed', 'living'] }],
      },
      key: { type: 'gaps', gaps: { g1: ['entombed'] }, typo: 'none' },
      points: 1,
    });
    // Answers over several lines.
    expect(at(29).version.body).toEqual({
      type: 'gaps',
      text: 'The American holiday of Thanksgiving is celebrated on the {g1} Thursday of November.',
      gaps: [{ id: 'g1', choices: ['second', 'third', 'fourth'] }],
    });
  });

  it('a typed missing word becomes a typed gap', () => {
    expect(at(45).version).toMatchObject({
      prompt: GAP_INSTRUCTIONS.typed,
      body: { type: 'gaps', text: 'Two plus two equals {g1}.', gaps: [{ id: 'g1' }] },
      key: { type: 'gaps', gaps: { g1: ['four', '4'] } },
    });
  });

  it('true/false: {F}, {T}, {FALSE}, and feedback for the wrong answer', () => {
    expect(at(12).version).toMatchObject({
      prompt: "Grant is buried in Grant's tomb.",
      key: { type: 'true_false', answer: false },
    });
    expect(at(51).version.key).toEqual({ type: 'true_false', answer: true });
    // Moodle: the first # feedback is shown to who answered wrongly (here: true).
    expect(at(113).version.key).toEqual({
      type: 'true_false',
      answer: false,
      feedback_true: "No one is buried in Grant's tomb.",
    });
  });

  it('short answer: several accepted answers, weights and feedback', () => {
    expect(at(14).version.key).toEqual({
      type: 'short',
      typo: 'none',
      accepted: [
        { text: 'no one', percent: 100 },
        { text: 'nobody', percent: 100 },
      ],
    });
    expect(at(195).version).toMatchObject({
      prompt: 'Jesus Christ was from _____.',
      key: {
        accepted: [
          { text: 'Nazareth', percent: 100, feedback: "Yes! That's right!" },
          { text: 'Nazereth', percent: 75, feedback: 'Right, but misspelled.' },
          { text: 'Bethlehem', percent: 25, feedback: 'He was born here, but not raised here.' },
        ],
      },
    });
    expect(at(195).title).toBe("Jesus' hometown (Short answer ex.)");
  });

  it('matching: pairs with arrows, spaced or not', () => {
    expect(at(61).version.body).toEqual({
      type: 'matching',
      prompts: [
        { id: 'p1', text: 'Canada' },
        { id: 'p2', text: 'Italy' },
        { id: 'p3', text: 'Japan' },
        { id: 'p4', text: 'India' },
      ],
      answers: [
        { id: 'm1', text: 'Ottawa' },
        { id: 'm2', text: 'Rome' },
        { id: 'm3', text: 'Tokyo' },
        { id: 'm4', text: 'New Delhi' },
      ],
    });
    expect(at(61).version.key).toEqual({
      type: 'matching',
      pairs: { p1: 'm1', p2: 'm2', p3: 'm3', p4: 'm4' },
    });
    expect(at(177).version.body).toMatchObject({
      prompts: [{ text: 'Canada' }, { text: 'Italy' }, { text: 'Japan' }],
    });
    expect(at(177).version.prompt).toBe(
      'Match the following countries with their corresponding\ncapitals.',
    );
  });

  it('numerical: exact, with a margin, a range, several answers with feedback', () => {
    const accepted = (line: number) => (at(line).version.key as { accepted: unknown }).accepted;
    expect(accepted(70)).toEqual([{ value: 1822, tolerance: 0, percent: 100 }]);
    // The file's own 3.1415 (a range's middle too), not π.
    const pi = { value: Number('3.1415'), tolerance: 0.0005, percent: 100 };
    expect(accepted(72)).toEqual([pi]);
    expect(accepted(74)).toEqual([pi]);
    expect(accepted(76)).toEqual([
      { value: 1822, tolerance: 0, percent: 100 },
      { value: 1822, tolerance: 2, percent: 50 },
    ]);
    expect(accepted(202)).toEqual([
      { value: 1822, tolerance: 0, percent: 100, feedback: 'Correct! 100% credit' },
      {
        value: 1822,
        tolerance: 2,
        percent: 50,
        feedback: 'He was born in 1822.\nYou get 50% credit for being close.',
      },
    ]);
    // Text after the braces leaves Moodle's blank.
    expect(at(72).version.prompt).toBe('What is the value of pi (to 3 decimal places)? _____.');
    expect(at(85).version.prompt).toBe("What's 2 plus 2?");
  });

  it('titles, and a question over two lines', () => {
    expect(at(90).title).toBe('Kanji Origins');
    expect(at(90).version.prompt).toBe('Japanese characters originally\ncame from what country?');
    expect(at(93).title).toBe('Thanksgiving Date');
    expect(at(93).version.body.type).toBe('gaps');
  });

  it('per-answer feedback and partial credit keep a missing word a multiple choice', () => {
    expect(at(98).version.key).toEqual({
      type: 'choice',
      credit: { a: 0, b: 0, c: 100 },
      feedback: {
        a: 'feedback comment on the wrong answer',
        b: 'feedback comment on this wrong answer',
        c: 'Very good!',
      },
    });
    expect(at(117).version).toMatchObject({
      prompt: 'Jesus Christ was from _____.',
      body: { type: 'choice', multiple: false },
      key: { credit: { a: 0, b: 25, c: 50, d: 100 } },
    });
    // Nothing lost: the gap fill has no per-word feedback, so this stays a choice.
    expect(at(184).version).toMatchObject({
      prompt: "Grant is _____ in Grant's tomb.",
      key: { feedback: { a: 'No one is buried there.', b: 'Right answer!', c: 'We hope not!' } },
    });
    expect(at(190).version.key).toMatchObject({
      credit: { a: 0, b: 50, c: 100 },
      feedback: { a: 'comment on wrong answer', b: 'comment on answer', c: 'well done!' },
    });
  });

  it('[markdown] marker is dropped and the text kept', () => {
    expect(at(108).version.prompt).toBe("Who's buried in **Grant's tomb**?");
  });

  it('several right answers with weights (and negative ones) make a several-answer choice', () => {
    expect(at(130).version.body).toMatchObject({ type: 'choice', multiple: true });
    expect(at(130).version.key).toEqual({
      type: 'choice',
      credit: { a: 0, b: 50, c: 50, d: 0 },
    });
    expect(at(136).version.key).toEqual({
      type: 'choice',
      credit: { a: -50, b: 50, c: 50, d: -50 },
    });
  });

  it('escaped control characters', () => {
    expect(at(143).version.body).toMatchObject({
      options: [{ text: '= 2 + 2' }, { text: '= 2 + 3' }, { text: '= 2 + 4' }],
    });
    expect(at(143).version.key).toMatchObject({ credit: { a: 0, b: 100, c: 0 } });
    const control = at(148);
    expect(control.title).toBe('GIFT Control Characters');
    expect(control.version.body).toMatchObject({
      options: ['~', '=', '#', '{', '}', '\\'].map((text) => ({ text })),
    });
    expect(control.version.key).toMatchObject({
      credit: { a: 0, b: 0, c: 0, d: 0, e: 0, f: 100 },
      feedback: {
        a: '~ is a control character.',
        d: '{ is a control character.',
        f: 'Correct! \\ (backslash) is not a control character. BUT,\nit is used to escape the control characters. So, to specify\na literal backslash, you must escape it with a backslash\n(as shown in this example).',
      },
    });
  });
});

describe('the rest of GIFT', () => {
  it('categories are in force until the next; their segments set level, skill and unit', () => {
    const { questions } = gift(
      [
        '$CATEGORY: $course$/top/B1/Grammar/Past simple',
        '',
        'She {=went} home yesterday.',
        '',
        '$CATEGORY: Vocabulary/Unit 3',
        '// no blank line under the category',
        'A place to sleep while travelling: {=hotel =hostel}',
        '',
        'Spring comes after winter.{T}',
      ].join('\n'),
    );
    expect(questions.map((q) => [q.line, q.category, q.tags])).toEqual([
      [3, 'B1/Grammar/Past simple', { level: 'B1', skill: 'grammar', unit: 'Past simple' }],
      [7, 'Vocabulary/Unit 3', { level: null, skill: 'vocabulary', unit: 'Unit 3' }],
      [9, 'Vocabulary/Unit 3', { level: null, skill: 'vocabulary', unit: 'Unit 3' }],
    ]);
  });

  it('general feedback after ####', () => {
    const q = one(
      'Is London in France?{F#No: it is in England.####London is the capital of the UK.}',
    );
    expect(q.version).toMatchObject({
      general_feedback: 'London is the capital of the UK.',
      key: { answer: false, feedback_true: 'No: it is in England.' },
    });
    const second = one('Hot is the opposite of {=cold####Opposites: hot/cold.} here.');
    expect(second.version.general_feedback).toBe('Opposites: hot/cold.');
  });

  it('true/false feedback for the wrong and the right answer, in any case', () => {
    expect(one('The sky is green.{false#It is blue.#Well done.}').version.key).toEqual({
      type: 'true_false',
      answer: false,
      feedback_true: 'It is blue.',
      feedback_false: 'Well done.',
    });
    expect(one('Water is wet.{TRUE##Yes.}').version.key).toEqual({
      type: 'true_false',
      answer: true,
      feedback_true: 'Yes.',
    });
  });

  it('Windows line endings and a byte order mark', () => {
    const { questions, refused } = gift(
      '\ufeff// a comment\r\nWho wrote Hamlet?{\r\n=Shakespeare\r\n~Marlowe}\r\n\r\nShe is {=tall} .\r\n',
    );
    expect(refused).toEqual([]);
    expect(questions.map((q) => [q.line, q.version.prompt])).toEqual([
      [2, 'Who wrote Hamlet?'],
      [6, GAP_INSTRUCTIONS.typed],
    ]);
  });

  it('[html]: tags go, entities become characters, scripts go with their content', () => {
    const q = one(
      '[html]<p>Choose the <b>right</b> word &amp; <i>think</i>.<script>alert(1)</script></p>{=<b>went</b> ~goed}',
    );
    expect(q.version.prompt).toBe('Choose the right word & think.');
    expect(q.version.body).toMatchObject({ options: [{ text: 'went' }, { text: 'goed' }] });
  });

  it('HTML in the default format is reduced too; an image is named in the notes', () => {
    const q = one('What is this? <img src="cat.png"><br>It purrs.{=a cat}');
    expect(q.version.prompt).toBe('What is this?\nIt purrs.');
    expect(q.notes).toContain('An image was left out: the bank keeps the text only.');
    // Words that only look like comparisons stay as they are.
    expect(one('Is 3 < 4 and 5 > 2?{T}').version.prompt).toBe('Is 3 < 4 and 5 > 2?');
  });

  it('[plain] keeps angle brackets as written', () => {
    expect(one('[plain]Which tag makes <b>bold</b>?{=<b>}').version).toMatchObject({
      prompt: 'Which tag makes <b>bold</b>?',
      key: { accepted: [{ text: '<b>' }] },
    });
  });

  it('weights that add up to 100 only before rounding still do after', () => {
    const q = one('Which are vowels?{~%33.33333%a ~%33.33333%e ~%33.33333%i ~%-100%k}');
    expect(q.version.key).toEqual({
      type: 'choice',
      credit: { a: 34, b: 33, c: 33, d: -100 },
    });
  });

  it('a missing word whose text holds a {word} of its own stays a short answer', () => {
    expect(one('Write \\{x\\} as {=braces} in maths.').version).toMatchObject({
      prompt: 'Write {x} as _____ in maths.',
      body: { type: 'short' },
    });
  });

  it('\\n is a line break; \\: keeps a colon out of a title', () => {
    const q = one('::Time\\: 10\\:00::Line one\\nline two{=ok}');
    expect(q.title).toBe('Time: 10:00');
    expect(q.version.prompt).toBe('Line one\nline two');
  });

  it('a short answer with no = is still a short answer; a weight of 0 is left out with a note', () => {
    expect(one('Capital of Peru?{Lima}').version.key).toMatchObject({
      accepted: [{ text: 'Lima', percent: 100 }],
    });
    const q = one('Capital of Peru?{=Lima =%0%Cusco#No.}');
    expect(q.version.key).toMatchObject({ accepted: [{ text: 'Lima' }] });
    expect(q.notes).toEqual(['Answer 2 is worth nothing and was left out.']);
  });

  it('matching: a pair with no prompt adds a wrong answer; repeated answers are one', () => {
    const q = one('Match.{=cat -> animal =rose -> plant =dog -> animal = -> mineral}');
    expect(q.version.body).toEqual({
      type: 'matching',
      prompts: [
        { id: 'p1', text: 'cat' },
        { id: 'p2', text: 'rose' },
        { id: 'p3', text: 'dog' },
      ],
      answers: [
        { id: 'm1', text: 'animal' },
        { id: 'm2', text: 'plant' },
        { id: 'm3', text: 'mineral' },
      ],
    });
    expect(q.version.key).toEqual({ type: 'matching', pairs: { p1: 'm1', p2: 'm2', p3: 'm1' } });
  });

  it('matching: prompts may share an answer with no wrong answer beside them', () => {
    const q = one('Sort the words.{=cat -> animal =dog -> animal =rose -> plant}');
    expect(q.version.body).toMatchObject({
      prompts: [{ text: 'cat' }, { text: 'dog' }, { text: 'rose' }],
      answers: [{ text: 'animal' }, { text: 'plant' }],
    });
    expect(q.version.key).toEqual({ type: 'matching', pairs: { p1: 'm1', p2: 'm1', p3: 'm2' } });
  });

  it('numerical: wrong-answer feedback is noted as left out', () => {
    const q = one('How many legs has a spider?{#8~#Count again.}');
    expect(q.version.key).toEqual({
      type: 'numerical',
      accepted: [{ value: 8, tolerance: 0, percent: 100 }],
    });
    expect(q.notes).toEqual([
      'The feedback for any other number was left out: the bank has no place for it.',
    ]);
  });

  it('our own comment lines set points, the typo rule and a gap fill’s instruction', () => {
    const q = one(
      '// academy-points: 3\n// academy-typo: half\n// academy-instruction: Put the verb in the past\\: go\nYesterday I {=went}',
    );
    expect(q.line).toBe(4);
    expect(q.version).toEqual({
      prompt: 'Put the verb in the past: go',
      body: { type: 'gaps', text: 'Yesterday I {g1}', gaps: [{ id: 'g1' }] },
      key: { type: 'gaps', gaps: { g1: ['went'] }, typo: 'half' },
      points: 3,
    });
    const odd = one('// academy-points: lots\nName a colour.{=red}');
    expect(odd.version.points).toBe(1);
    expect(odd.notes).toEqual([
      'The points “lots” are not a whole number from 1 to 100: the question is worth 1.',
    ]);
  });
});

describe('refused blocks name their line and why', () => {
  const cases: [string, string, number, string][] = [
    ['an essay', 'Write about your holidays.{}', 1, 'Essay questions are not imported'],
    ['a description', 'Part 2: grammar.', 1, 'it is a description, not a question'],
    ['an unclosed brace', '\n\nWhere is Rome?{=Italy ~Spain', 3, 'A brace { is never closed'],
    ['a lone }', 'Where is Rome? }', 1, 'A closing brace } has no opening {'],
    ['braces the wrong way round', 'Where is Rome? } x {', 1, 'comes before its opening'],
    ['two sets of braces', 'I {=am} a {=student}.', 1, 'holds 2'],
    ['empty answers', 'Pick one.{~ ~ =}', 1, 'Answer 1 is empty.'],
    ['a matching with one pair', 'Match.{=cat -> animal}', 1, 'at least two pairs'],
    ['a choice with no right answer', 'Pick one.{~a ~b ~c}', 1, 'No answer is right'],
    ['a choice whose weights fall short', 'Pick.{~%50%a ~%20%b ~c}', 1, 'add up to 100'],
    ['a short answer with no full credit', 'Say.{=%50%a}', 1, 'must be worth 100'],
    ['a numerical that is no number', 'How many?{#many}', 1, '“many” is not a number'],
    ['a numerical with no number', 'How many?{#}', 1, 'needs its right number'],
    ['a negative margin', 'How many?{#5:-1}', 1, 'must not be negative'],
    ['a matching whose prompts all share one answer', 'Match.{=cat -> pet =dog -> pet}', 1, '2'],
    ['an unclosed title', '::Title Question?{=a}', 1, 'never closed with ::'],
    ['a question with no text', '{=a =b}', 1, 'has no text'],
    ['a pair without an arrow', 'Match.{=a -> b =c -> d =e}', 1, 'Pair 3 needs an arrow'],
    ['a weight out of range', 'Pick.{~%150%a =b}', 1, 'between -100 % and 100 %'],
    ['an option too long', `Pick.{=${'x'.repeat(600)} ~b}`, 1, 'Answer 1 must be at most 500'],
  ];
  it.each(cases)('%s', (_, text, line, words) => {
    const refused = refusal(text);
    expect(refused.line).toBe(line);
    expect(refused.reason).toContain(words);
    expect(refused.excerpt.length).toBeLessThanOrEqual(80);
  });

  it('a refused block leaves the others, each refusal with its own line', () => {
    const { questions, refused } = gift('Good?{T}\n\nBad?{\n\nAlso good?{F}\n\n}\n');
    expect(questions.map((q) => q.line)).toEqual([1, 5]);
    expect(refused.map((r) => r.line)).toEqual([3, 7]);
  });
});

describe('hostile input never throws', () => {
  it('10,000 tildes', () => {
    expect(refusal(`Pick.{${'~'.repeat(10_000)}}`).reason).toContain('at most 20 answers');
    expect(refusal(`Pick.{${'~'.repeat(10_000)}`).reason).toContain('never closed');
    expect(refusal(`Pick.{${'~a'.repeat(10)}${'~'.repeat(5)}=b}`).reason).toContain('is empty');
  });

  it('binary garbage', () => {
    let seed = 7;
    const bytes = Array.from({ length: 200_000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return String.fromCharCode(seed % 256);
    }).join('');
    const { questions, refused } = gift(bytes);
    expect(questions.length + refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.line).toBeGreaterThan(0);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the excerpt must have none
      expect(r.excerpt).not.toMatch(/[\u0000-\u001f]/);
    }
  });

  it('a text over 2 MB is refused whole, at line 1', () => {
    const big = `Q?{=a}\n\n`.repeat(Math.ceil(QUESTION_TEXT_LIMITS.bytes / 8) + 1);
    expect(gift(big)).toEqual({
      questions: [],
      refused: [expect.objectContaining({ line: 1, reason: expect.stringContaining('2 MB') })],
    });
    // One huge question just under the limit is refused by the bank's limits, not by a throw.
    const huge = `${'word '.repeat(400_000)}{=a}`;
    expect(refusal(huge).reason).toContain('at most 4000 characters');
  });

  it('more questions than one import takes: nothing is imported', () => {
    const many = 'Q?{=a}\n\n'.repeat(QUESTION_TEXT_LIMITS.questions + 1);
    const read = gift(many);
    expect(read.questions).toEqual([]);
    expect(read.refused).toEqual([
      expect.objectContaining({ line: 1, reason: expect.stringContaining('more than 2,000') }),
    ]);
    expect(gift('Q?{=a}\n\n'.repeat(QUESTION_TEXT_LIMITS.questions)).questions).toHaveLength(2000);
  });

  // A reader that backtracked on these would not finish within the test's timeout; how fast it
  // is belongs to bench/gift-import.mjs (no times are asserted in tests).
  it('unclosed HTML comments and scripts in a large text are read', () => {
    const q = gift(`[html]${'<!-- <script '.repeat(50_000)}{=a}`);
    expect(q.questions.length + q.refused.length).toBe(1);
  });
});

it('any text at all: no throw, no slip of the reader, every line within the text', () => {
  const gifty = fc
    .array(fc.constantFrom(...'{}~=#:\\%->T F.01 ab\n\n\r$CATEGORY:/[html]<p>&amp;'.split('')), {
      maxLength: 200,
    })
    .map((chars) => chars.join(''));
  for (const format of ['gift', 'aiken'] as const) {
    fc.assert(
      fc.property(fc.oneof(gifty, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
        const read = parseQuestions(text, format);
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const r of read.refused) {
          expect(r.reason).not.toBe('This block could not be read.');
          expect(r.reason).not.toBe('This question could not be read.');
          expect(r.line).toBeGreaterThanOrEqual(1);
          expect(r.line).toBeLessThanOrEqual(lines);
        }
        for (const q of read.questions) expect(q.line).toBeLessThanOrEqual(lines);
      }),
      { numRuns: 2000 },
    );
  }
});

it('reads 1,000 questions in well under a second', () => {
  const kinds = [
    '::Q{n}::Who wrote Hamlet? {=Shakespeare#Yes. ~Marlowe#No. ~%50%Bacon#Half.}',
    'She {~go =went ~gone} home yesterday ({n}).',
    'London is in France ({n}).{F#It is in England.}',
    'Capital of Peru ({n})?{=Lima =%50%lima city}',
    'How many legs has a spider ({n})?{#8:0}',
    'Match ({n}).{=cat -> animal =rose -> plant =quartz -> mineral}',
  ];
  const text = [
    '$CATEGORY: B1/Grammar/Unit 1',
    '',
    ...Array.from(
      { length: 1000 },
      (_, n) => `${(kinds[n % kinds.length] as string).replaceAll('{n}', String(n))}\n`,
    ),
  ].join('\n');
  const read = gift(text);
  expect(read.refused).toEqual([]);
  expect(read.questions).toHaveLength(1000);
});

it('a teacher’s file in the shape Moodle exports reads as the bank needs it', () => {
  const { questions, refused } = gift(fixture('academy-sample.gift'));
  expect(
    questions.map((q) => [
      q.line,
      q.title,
      q.version.body.type,
      q.tags.level,
      q.tags.skill,
      q.tags.unit,
    ]),
  ).toEqual([
    [6, 'went', 'choice', 'B1', 'grammar', 'Past simple'],
    [14, 'yesterday', 'gaps', 'B1', 'grammar', 'Past simple'],
    [16, 'Was', 'gaps', 'B1', 'grammar', 'Past simple'],
    [20, 'Fruit', 'choice', 'B1', 'vocabulary', 'Food'],
    [26, 'Match food', 'matching', 'B1', 'vocabulary', 'Food'],
  ]);
  expect(questions[0]?.category).toBe('Default for B1 Morning/B1/Grammar/Past simple');
  expect(questions[0]?.version).toEqual({
    prompt: 'Choose the past simple of go.',
    body: {
      type: 'choice',
      multiple: false,
      options: [
        { id: 'a', text: 'goed' },
        { id: 'b', text: 'went' },
        { id: 'c', text: 'gone' },
      ],
    },
    key: {
      type: 'choice',
      credit: { a: -25, b: 100, c: 0 },
      feedback: { a: 'Not a word.', c: 'That is the past participle.' },
    },
    points: 1,
    general_feedback: 'Irregular verbs: go – went – gone.',
  });
  expect(questions[3]?.version.key).toEqual({
    type: 'choice',
    credit: { a: 50, b: 50, c: -100 },
  });
  expect(refused.map((r) => [r.line, r.reason])).toEqual([
    [33, 'Essay questions are not imported: the bank marks answers itself. Mark essays by hand.'],
    [
      35,
      'This block has no answers in braces { }, so it is a description, not a question; descriptions are not imported.',
    ],
    [37, 'Answer 1: “twelve” is not a number. Write {#3.14}, {#3.14:0.01} or {#3.1..3.2}.'],
  ]);
});
