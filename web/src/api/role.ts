import type { RoleName } from '@academy/contract/constants';
import { useState } from 'react';
import { readStoredUser } from './session';

/**
 * The signed-in user's role, from the stored login: screens both administrators and teachers
 * open (issue 29) leave out what only an administrator may do. Read once a screen: a role
 * changes only with a new login, which opens its screens again.
 */
export function useRole(): RoleName | undefined {
  return useState(() => readStoredUser()?.role)[0];
}

/** Whether the signed-in user is an administrator (not a teacher, on a screen both open). */
export const useIsAdmin = () => useRole() === 'admin';
