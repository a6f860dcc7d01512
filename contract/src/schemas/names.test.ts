import { describe, expect, it } from 'vitest';
import { hasHidden, withoutHidden } from '../text.js';
import { CreateClassRequest, UpdateClassRequest } from './classes.js';
import { AddUserRequest, UpdateUserRequest } from './users.js';

/** Names that look like others in lists and exports. */
const SPOOFS: [string, string][] = [
  ['Sara\u202Eidamha', 'Saraidamha'],
  ['Sa\u200Bra', 'Sara'],
  ['Sara\nAhmadi', 'SaraAhmadi'],
  ['Sara\r\nAhmadi\u2028', 'SaraAhmadi'],
  ['\u2066Admin\u2069', 'Admin'],
  ['\uFEFFSara', 'Sara'],
];

describe('names lose the hidden characters file names lose', () => {
  it.each(SPOOFS)('%j is kept as %j', (sent, kept) => {
    const user = {
      name: sent,
      username: 'sara',
      email: 'sara@example.com',
      password: 'a-long-secret',
      role_id: '2',
      gender: 'female',
    };
    expect(AddUserRequest.parse(user).name).toBe(kept);
    expect(UpdateUserRequest.parse({ ...user, user_id: 1 }).name).toBe(kept);
    expect(CreateClassRequest.parse({ name: sent }).name).toBe(kept);
    expect(UpdateClassRequest.parse({ class_id: 1, name: sent }).name).toBe(kept);
    expect(hasHidden(sent)).toBe(true);
    expect(withoutHidden(sent)).toBe(kept);
  });

  it('keeps the joiners Persian spelling and emoji need, and refuses a name of hidden characters only', () => {
    expect(AddUserRequest.shape.name.parse('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(CreateClassRequest.safeParse({ name: '\u200B\u202E' }).success).toBe(false);
  });
});
