import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { RecordActions } from './record-actions';
import { SubmitButton } from './submit-button';

/** Each button as 'accessible name: visible text [disabled]'. */
function buttons(html: string): string[] {
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    ([, attributes = '', inner = '']) => {
      const label = attributes.match(/aria-label="([^"]*)"/)?.[1];
      const shown = inner.replace(/<[^>]+>/g, '').trim();
      return `${label ?? shown}: ${shown}${attributes.includes('disabled') ? ' [disabled]' : ''}`;
    },
  );
}

describe('RecordActions: Edit, the record’s own buttons, Delete', () => {
  it('names the record in each button, so a list of them reads apart', () => {
    const html = renderToStaticMarkup(
      <RecordActions name="Unit 3" onEdit={() => {}} onDelete={() => {}}>
        <Button>Copy</Button>
      </RecordActions>,
    );
    expect(buttons(html)).toEqual(['Edit Unit 3: Edit', 'Copy: Copy', 'Delete Unit 3: Delete']);
  });

  it('shows only the actions it is given', () => {
    const html = renderToStaticMarkup(<RecordActions name="Ada" onDelete={() => {}} />);
    expect(buttons(html)).toEqual(['Delete Ada: Delete']);
  });

  it('keeps its icons out of what a screen reader says, and leaves them off when plain', () => {
    const withIcons = renderToStaticMarkup(<RecordActions name="Ada" onEdit={() => {}} />);
    expect(withIcons).toContain('<svg');
    expect(withIcons).toContain('aria-hidden="true"');
    const plain = renderToStaticMarkup(<RecordActions name="Ada" onEdit={() => {}} isPlain />);
    expect(plain).not.toContain('<svg');
  });
});

describe('SubmitButton: sends once, and says so while it is busy', () => {
  it('sends the form with its own words while idle', () => {
    const html = renderToStaticMarkup(
      <SubmitButton busy={false} busyLabel="Saving...">
        Save
      </SubmitButton>,
    );
    expect(html).toContain('type="submit"');
    expect(buttons(html)).toEqual(['Save: Save']);
    expect(html).not.toContain('aria-busy');
  });

  it('cannot be pressed again while its call is on its way, and says what is happening', () => {
    const html = renderToStaticMarkup(
      <SubmitButton busy busyLabel="Saving...">
        Save
      </SubmitButton>,
    );
    expect(buttons(html)).toEqual(['Saving...: Saving... [disabled]']);
    expect(html).toContain('aria-busy="true"');
  });

  it('can be disabled for another reason without saying it is busy', () => {
    const html = renderToStaticMarkup(
      <SubmitButton busy={false} busyLabel="Saving..." disabled>
        Save
      </SubmitButton>,
    );
    expect(buttons(html)).toEqual(['Save: Save [disabled]']);
  });
});
