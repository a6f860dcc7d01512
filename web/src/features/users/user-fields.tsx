import type { UserGender } from '@academy/contract/constants';
import type { ReactNode } from 'react';
import { ROLE_CHOICES, type RoleValue, roleWord } from '../../lib/roles';
import { type BoundField, FieldRow, fieldsOf, Options, SelectField, TextField } from '../../ui';

/** The Role select of the create and edit forms: the spec's User and Admin, and Teacher (issue 29). */
export function RoleSelect(
  props: BoundField<RoleValue> & { disabled?: boolean; hint?: ReactNode },
) {
  return (
    <SelectField label="Role" {...props}>
      <Options values={ROLE_CHOICES} label={roleWord} />
    </SelectField>
  );
}

/**
 * The Gender select of the create and edit forms; `notGiven` offers Not given too (issue 49:
 * the edit of a user imported without one, until it is set).
 */
export function GenderSelect({
  notGiven,
  ...props
}: BoundField<UserGender> & { notGiven?: boolean }) {
  return (
    <SelectField label="Gender" {...props}>
      {notGiven && <option value="">Not given</option>}
      <option value="male">Male</option>
      <option value="female">Female</option>
    </SelectField>
  );
}

/** The details a user has on both the create and the edit form. */
export interface UserDetails {
  name: string;
  email: string;
  role_id: RoleValue;
  gender: UserGender;
}

interface UserDetailsFieldsProps {
  fields: UserDetails;
  set: (change: Partial<UserDetails>) => void;
  /** The create form's Username, under the name. */
  username?: ReactNode;
  /** The create form's Password, under the e-mail. */
  password?: ReactNode;
  role?: { disabled?: boolean; hint?: ReactNode };
  /** The user has no gender yet (issue 49): the select offers Not given too. */
  notGiven?: boolean;
}

/** Name, e-mail, role and gender, as the create and edit forms both ask for them. */
export function UserDetailsFields({
  fields,
  set,
  username,
  password,
  role,
  notGiven,
}: UserDetailsFieldsProps) {
  const bind = fieldsOf(fields, set);
  return (
    <>
      <TextField label="Name" autoComplete="off" maxLength={100} {...bind('name')} />
      {username}
      <TextField label="Email" type="email" autoComplete="off" maxLength={200} {...bind('email')} />
      {password}
      <FieldRow>
        <RoleSelect disabled={role?.disabled} hint={role?.hint} {...bind('role_id')} />
        <GenderSelect notGiven={notGiven} {...bind('gender')} />
      </FieldRow>
    </>
  );
}
