import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checklist, type ChecklistItem } from './checklist';

const items: ChecklistItem[] = [
  { id: 1, name: 'Ann' },
  { id: 2, name: 'Ben' },
  { id: 3, name: 'Cy' },
];

const draw = (chosen: ChecklistItem[]) =>
  renderToStaticMarkup(
    <Checklist
      legend="Choose the teachers"
      items={items}
      chosen={chosen}
      onChange={() => {}}
      noun={['teacher', 'teachers']}
    />,
  );

/** Each box as 'name' or 'name [ticked]'. */
const boxes = (html: string) =>
  [...html.matchAll(/<label[^>]*><input([^>]*)\/><span>([^<]*)<\/span><\/label>/g)].map(
    ([, attributes = '', name = '']) =>
      `${name}${attributes.includes('checked') ? ' [ticked]' : ''}`,
  );

describe('Checklist', () => {
  it('counts the chosen in its noun, and offers Clear only when some are chosen', () => {
    expect(draw([])).toContain('No teachers chosen yet.');
    expect(draw([])).not.toContain('Clear');
    expect(draw([{ id: 2, name: 'Ben' }])).toContain('1 teacher chosen.');
    expect(draw(items)).toContain('3 teachers chosen.');
    expect(draw(items)).toContain('Clear');
  });

  it('ticks the chosen among what it offers, in the order offered, under its legend', () => {
    const html = draw([{ id: 3, name: 'Cy' }]);
    expect(boxes(html)).toEqual(['Ann', 'Ben', 'Cy [ticked]']);
    expect(html).toContain('<legend class="visually-hidden">Choose the teachers</legend>');
  });
});
