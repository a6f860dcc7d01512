import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireRole, type ScreenRole } from './guards';

/** Where a guard sends someone of `role` at a screen for `screens`: null when it lets them in. */
function sentTo(role: string | null, screens: ScreenRole): string | null {
  const user = role && { id: 1, name: 'Someone', username: 'someone', role, token: 't' };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (key === 'user' && user ? JSON.stringify(user) : null),
  });
  try {
    return requireRole(screens)();
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
}

describe('the route guards (issue 29: teachers)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('let administrators and teachers into the screens staff share, and no one else', () => {
    expect(sentTo('admin', 'staff')).toBeNull();
    expect(sentTo('teacher', 'staff')).toBeNull();
    expect(sentTo('user', 'staff')).toBe('/user');
    expect(sentTo(null, 'staff')).toBe('/login');
  });

  it('send a teacher at an admin-only or a student screen to their home, and others away from theirs', () => {
    expect(sentTo('teacher', 'admin')).toBe('/teacher');
    expect(sentTo('teacher', 'user')).toBe('/teacher');
    expect(sentTo('teacher', 'teacher')).toBeNull();
    expect(sentTo('admin', 'teacher')).toBe('/admin');
    expect(sentTo('user', 'teacher')).toBe('/user');
  });
});
