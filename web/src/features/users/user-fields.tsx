import type { Gender } from '@academy/contract/constants';
import type { ReactNode } from 'react';
import { SelectField } from '../../ui';

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
