import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkFields, type MarkInput, markProblem } from './mark-fields';

/** The Mark field's input, and the text its aria-describedby points at. */
function markField(value: MarkInput, problem?: string | null) {
  const html = renderToStaticMarkup(
    <MarkFields value={value} onChange={() => {}} problem={problem} />,
  );
  const id = html.match(/<label[^>]*for="([^"]+)"[^>]*>Mark \(optional\)<\/label>/)?.[1];
  const input = html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0] ?? '';
  const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1];
  const description = html.match(new RegExp(`<span[^>]*id="${describedBy}"[^>]*>([^<]*)</span>`));
  return { input, description: description?.[1] };
}

describe('MarkFields: what is wrong with a mark is said at the Mark field (issue 49, point 10)', () => {
  it('marks the Mark field invalid and describes it by the problem', () => {
    const value = { mark: '150', outOf: '100' };
    const problem = markProblem(value);
    expect(problem).toBe('The mark can be at most 100.');
    const field = markField(value, problem);
    expect(field.input).toContain('aria-invalid="true"');
    expect(field.description).toBe('The mark can be at most 100.');
  });

  it('keeps its hint and is not invalid while the mark is fine', () => {
    const value = { mark: '85', outOf: '100' };
    const field = markField(value, markProblem(value));
    expect(field.input).not.toContain('aria-invalid');
    expect(field.description).toBe('Such as 85 or 85.5.');
  });
});
