import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Id, IdOrZero, MAX_ID, Page } from './common.js';

describe('ids', () => {
  it.each([
    [Id, 1],
    [Id, MAX_ID],
    [IdOrZero, 0],
    [IdOrZero, MAX_ID],
  ])('accepts %#: %s as a number and as text', (schema, value) => {
    expect(schema.parse(value)).toBe(value);
    expect(schema.parse(String(value))).toBe(value);
  });

  // PostgreSQL's integer column cannot hold these: refused here, they never reach it (a 500).
  it.each([
    [Id, MAX_ID + 1],
    [Id, 9_999_999_999],
    [IdOrZero, MAX_ID + 1],
    [IdOrZero, 9_999_999_999],
  ])('refuses %#: %s as a number and as text', (schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
    expect(schema.safeParse(String(value)).success).toBe(false);
  });

  it('refuses zero, signs, fractions and long digit strings', () => {
    for (const value of [0, '0', '-1', '1.5', '+1', '', '12345678901', [1]])
      expect(Id.safeParse(value).success, String(value)).toBe(false);
    for (const value of ['-1', '1.5', '', '12345678901'])
      expect(IdOrZero.safeParse(value).success, value).toBe(false);
  });
});

describe('whole numbers read in one step', () => {
  const message = (
    schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => schema.safeParse(value).error?.issues[0]?.message;

  // The words every call has always answered with (the server puts the field's name first).
  it.each([
    [Id, 0, 'must be at least 0'],
    [Id, '0', 'must be at least 0'],
    [Id, -1, 'must be at least 0'],
    [Id, MAX_ID + 1, 'is not a valid id'],
    [Id, String(MAX_ID + 1), 'is not a valid id'],
    [Id, 1e21, 'must be at most 9007199254740991'],
    [Id, -1e21, 'must be at least -9007199254740991'],
    [Id, 1.5, 'has a value of the wrong kind'],
    [Id, Number.NaN, 'has a value of the wrong kind'],
    [Id, '-1', 'has a value of the wrong kind'],
    [Id, ' 1', 'has a value of the wrong kind'],
    [Id, '1e3', 'has a value of the wrong kind'],
    [Id, '12345678901', 'has a value of the wrong kind'],
    [Id, null, 'has a value of the wrong kind'],
    [Id, true, 'has a value of the wrong kind'],
    [Id, [1], 'has a value of the wrong kind'],
    [IdOrZero, -1, 'must be at least 0'],
    [IdOrZero, MAX_ID + 1, 'is not a valid id'],
    [Page, 0, 'must be at least 1'],
    [Page, '0', 'must be at least 1'],
    [Page, 100_001, 'must be at most 100000'],
    [Page, '100001', 'must be at most 100000'],
    [Page, '1000000', 'has a value of the wrong kind'],
    [Page, 1.5, 'has a value of the wrong kind'],
  ])('refuses %#: %s with its message', (schema, value, words) => {
    expect(message(schema, value)).toBe(words);
  });

  it('reads leading zeros as zod always did, and a page as a number or text alike', () => {
    expect(Id.parse('007')).toBe(7);
    expect(Page.parse('100000')).toBe(100_000);
    expect(Page.parse(3)).toBe(3);
  });

  it('describes itself as an integer with its bounds, as input and as output', () => {
    for (const io of ['input', 'output'] as const)
      expect(z.toJSONSchema(z.object({ id: Id }), { io }).properties?.id).toEqual({
        type: 'integer',
        minimum: 1,
        maximum: MAX_ID,
      });
  });
});
