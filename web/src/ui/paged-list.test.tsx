import type { FetchStatus } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PagedList } from './paged-list';

interface Page {
  names: string[];
  has_more: boolean;
}

/** The markup of a paged list of names on `page`, with this answer (or still loading). */
function render(page: number, data: Page | undefined, isPlaceholderData = false): string {
  const query = {
    status: data ? ('success' as const) : ('pending' as const),
    fetchStatus: 'idle' as FetchStatus,
    data,
    error: null,
    isPlaceholderData,
  };
  return renderToStaticMarkup(
    <PagedList<Page>
      query={query}
      pager={{ page, onPage: () => {} }}
      loading="Loading users..."
      error="Error fetching users"
      empty="No users found."
      isEmpty={(found) => found.names.length === 0}
    >
      {(found) => (
        <ul>
          {found.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether the Pager's button of this name is there and disabled. */
const button = (html: string, name: 'Previous' | 'Next') => {
  const found = html.match(new RegExp(`<button[^>]*>${name}</button>`));
  return found === null ? 'absent' : found[0].includes('disabled') ? 'disabled' : 'enabled';
};

describe('PagedList: a list the server pages, with its Pager', () => {
  it("shows the screen's loading text before the first page comes", () => {
    expect(text(render(1, undefined))).toBe('Loading users...');
  });

  it('shows the items and no Pager while everything fits on one page', () => {
    const html = render(1, { names: ['Ada', 'Bo'], has_more: false });
    expect(text(html)).toBe('Ada Bo');
    expect(html).not.toContain('Pages');
  });

  it('offers Next when the server says more follow, and Previous after the first page', () => {
    const first = render(1, { names: ['Ada'], has_more: true });
    expect([button(first, 'Previous'), button(first, 'Next')]).toEqual(['disabled', 'enabled']);
    const last = render(3, { names: ['Cy'], has_more: false });
    expect(text(last)).toContain('Page 3');
    expect([button(last, 'Previous'), button(last, 'Next')]).toEqual(['enabled', 'disabled']);
  });

  it('holds both buttons while the next page loads behind the last one shown', () => {
    const html = render(2, { names: ['Ada'], has_more: true }, true);
    expect([button(html, 'Previous'), button(html, 'Next')]).toEqual(['disabled', 'disabled']);
  });

  it('says the empty text on the first page, with no Pager', () => {
    expect(text(render(1, { names: [], has_more: false }))).toBe('No users found.');
  });

  it('keeps the Pager under an empty later page, so the way back stays', () => {
    const html = render(2, { names: [], has_more: false });
    expect(text(html)).toBe('No users found. Previous Page 2 Next');
    expect(button(html, 'Previous')).toBe('enabled');
  });
});
