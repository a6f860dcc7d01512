import { describe, expect, it } from 'vitest';
import { ROLE_CHOICES, roleValue, roleWord } from './roles';

describe('roles', () => {
  it('names each role in the same words, whether it comes as a number or a string', () => {
    expect([1, 2, 3].map(roleWord)).toEqual(['Admin', 'User', 'Teacher']);
    expect(['1', '2', '3'].map(roleWord)).toEqual(['Admin', 'User', 'Teacher']);
    expect([0, '4', '', null, undefined, 'admin'].map(roleWord)).toEqual(Array(6).fill('Unknown'));
  });

  it('offers User, Teacher and Admin, and reads a role the form does not know as User', () => {
    expect(ROLE_CHOICES.map(roleWord)).toEqual(['User', 'Teacher', 'Admin']);
    expect(roleValue('3')).toBe('3');
    expect(roleValue(1)).toBe('1');
    expect(roleValue('9')).toBe('2');
  });
});
