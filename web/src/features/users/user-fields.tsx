import type { Gender } from '@academy/contract/constants';
import type { ReactNode } from 'react';
import { FieldRow, SelectField, TextField } from '../../ui';

type RoleId = '1' | '2';

/** The Role select of the create and edit forms: the spec's User and Admin. */
export function RoleSelect(props: {
  value: RoleId;
  onChange: (role: RoleId) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <SelectField
      label="Role"
      value={props.value}
      disabled={props.disabled}
      hint={props.hint}
      onChange={(e) => props.onChange(e.target.value as RoleId)}
    >
      <option value="2">User</option>
      <option value="1">Admin</option>
    </SelectField>
  );
}

/** The Gender select of the create and edit forms. */
export function GenderSelect(props: { value: Gender; onChange: (gender: Gender) => void }) {
  return (
    <SelectField
      label="Gender"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as Gender)}
    >
      <option value="male">Male</option>
      <option value="female">Female</option>
    </SelectField>
  );
}

/** The details a user has on both the create and the edit form. */
export interface UserDetails {
  name: string;
  email: string;
  role_id: RoleId;
  gender: Gender;
}

interface UserDetailsFieldsProps {
  fields: UserDetails;
  set: (change: Partial<UserDetails>) => void;
  /** The create form's Username, under the name. */
  username?: ReactNode;
  /** The create form's Password, under the e-mail. */
  password?: ReactNode;
  role?: { disabled?: boolean; hint?: ReactNode };
}

/** Name, e-mail, role and gender, as the create and edit forms both ask for them. */
export function UserDetailsFields({
  fields,
  set,
  username,
  password,
  role,
}: UserDetailsFieldsProps) {
  return (
    <>
      <TextField
        label="Name"
        autoComplete="off"
        value={fields.name}
        onChange={(e) => set({ name: e.target.value })}
        maxLength={100}
      />
      {username}
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={fields.email}
        onChange={(e) => set({ email: e.target.value })}
        maxLength={200}
      />
      {password}
      <FieldRow>
        <RoleSelect
          value={fields.role_id}
          disabled={role?.disabled}
          hint={role?.hint}
          onChange={(role_id) => set({ role_id })}
        />
        <GenderSelect value={fields.gender} onChange={(gender) => set({ gender })} />
      </FieldRow>
    </>
  );
}
