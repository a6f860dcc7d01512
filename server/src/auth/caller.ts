import { ROLE_ID } from '@academy/contract/constants';

/** Who is making a request, derived from their token; never from anything else they send. */
export interface Caller {
  id: number;
  name: string;
  username: string;
  roleId: number;
  isAdmin: boolean;
  /** A teacher (issue 29): a staff call reaches only their classes' students. */
  isTeacher: boolean;
  /** SHA-256 of the bearer token this request came with (to revoke it on logout). */
  tokenHash: string;
  /** When that token expires (a live stream ends then). */
  tokenExpiresAt: number;
}

export function isAdminRole(roleId: number): boolean {
  return roleId === ROLE_ID.admin;
}

export function isTeacherRole(roleId: number): boolean {
  return roleId === ROLE_ID.teacher;
}
