import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from './use-fields';

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe("fieldsOf: a form's fields bound to one record of their values", () => {
  const values = { title: 'Essay', state: 'all' as 'all' | 'new', page: 2 };

  it('gives a field its value', () => {
    const bind = fieldsOf(values, () => {});
    expect(bind('title').value).toBe('Essay');
    expect(bind('state').value).toBe('all');
  });

  it('changes only that field, with the text typed or the option chosen', () => {
    const changes: Partial<typeof values>[] = [];
    const bind = fieldsOf(values, (change) => changes.push(change));
    bind('title').onChange(typed('Letter'));
    bind('state').onChange(typed('new'));
    expect(changes).toEqual([{ title: 'Letter' }, { state: 'new' }]);
  });
});
