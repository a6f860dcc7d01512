import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChoiceInput } from './choice-input';
import { GapsInput } from './gaps-input';
import { OrderingInput } from './ordering-input';

const common = { name: 'q0', number: 1, onAnswer: () => {} };

/** Every aria-label in the markup, in order. */
const labels = (html: string) => [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);

describe('a gap-fill’s inputs', () => {
  const body = {
    type: 'gaps' as const,
    text: 'I {g1} to school and she {g2} home.',
    gaps: [{ id: 'g1' }, { id: 'g2', choices: ['walked', 'walks'] }],
  };

  it('stand where the gaps are, each labelled by its number', () => {
    const html = renderToStaticMarkup(
      <GapsInput body={body} answer={{ type: 'gaps', gaps: { g1: 'went' } }} {...common} />,
    );
    expect(labels(html)).toEqual(['Gap 1 of 2', 'Gap 2 of 2']);
    expect(html).toMatch(
      /I <\/span><input[^>]*value="went"[^>]*\/><span> to school and she <\/span><select/,
    );
    expect(html).toContain('<option value="walked">walked</option>');
  });
});

describe('an ordering’s buttons', () => {
  const body = {
    type: 'ordering' as const,
    unit: 'words' as const,
    pieces: [
      { id: 'a', text: 'She' },
      { id: 'b', text: 'is' },
      { id: 'c', text: 'here' },
    ],
  };

  it('name the piece they move, and offer the pieces not yet placed', () => {
    const html = renderToStaticMarkup(
      <OrderingInput body={body} answer={{ type: 'ordering', order: ['b', 'a'] }} {...common} />,
    );
    expect(labels(html)).toEqual([
      'Your order',
      'Move “is” up',
      'Move “is” down',
      'Take “is” out',
      'Move “She” up',
      'Move “She” down',
      'Take “She” out',
      'Words to place',
    ]);
    // The first cannot go up, the last cannot go down.
    expect(html).toMatch(
      /disabled=""[^>]*aria-label="Move “is” up"|aria-label="Move “is” up"[^>]*disabled=""/,
    );
    expect(html).toMatch(/<ul[^>]*aria-label="Words to place"><li><button[^>]*>here<\/button>/);
  });
});

describe('a choice', () => {
  it('is check boxes when several may be chosen, radio buttons otherwise', () => {
    const options = [
      { id: 'a', text: 'red' },
      { id: 'b', text: 'blue' },
    ];
    const several = renderToStaticMarkup(
      <ChoiceInput
        body={{ type: 'choice', multiple: true, options }}
        answer={{ type: 'choice', chosen: ['b'] }}
        {...common}
      />,
    );
    expect(several.match(/type="checkbox"/g)).toHaveLength(2);
    expect(several).toMatch(/checked=""[^>]*\/><span>blue/);
    const one = renderToStaticMarkup(
      <ChoiceInput body={{ type: 'choice', multiple: false, options }} answer={null} {...common} />,
    );
    expect(one.match(/type="radio" name="q0"/g)).toHaveLength(2);
  });
});
