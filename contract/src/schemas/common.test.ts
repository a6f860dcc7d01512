import { describe, expect, it } from 'vitest';
import { Id, IdOrZero, MAX_ID } from './common.js';

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
