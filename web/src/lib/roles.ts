import { ROLE_ID, ROLE_WORDS, type RoleId } from '@academy/contract/constants';

/** A role as a form sends it and View Users answers it: '1' admin, '2' user, '3' teacher. */
export type RoleValue = `${RoleId}`;

/** The roles an administrator gives an account, in the order the Role select offers them. */
export const ROLE_CHOICES: readonly RoleValue[] = [
  String(ROLE_ID.user) as RoleValue,
  String(ROLE_ID.teacher) as RoleValue,
  String(ROLE_ID.admin) as RoleValue,
];

const isRole = (value: unknown): value is RoleValue =>
  ROLE_CHOICES.includes(String(value) as RoleValue);

/**
 * A role as every screen names it (ROLE_WORDS: Admin, User, Teacher), whether it comes as a
 * number (a student's page) or a string (View Users, the audit log); anything else is Unknown.
 */
export function roleWord(roleId: unknown): string {
  return isRole(roleId) ? ROLE_WORDS[Number(roleId) as RoleId] : 'Unknown';
}

/** A user's role as the edit form holds it; a role the form does not know is read as User. */
export function roleValue(roleId: unknown): RoleValue {
  return isRole(roleId) ? (String(roleId) as RoleValue) : (String(ROLE_ID.user) as RoleValue);
}
