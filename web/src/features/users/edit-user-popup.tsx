import type { CallResponse } from '@academy/contract';
import { useEffect, useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { roleValue } from '../../lib/roles';
import { FormPopup, useFormOutcome } from '../../ui';
import { useUpdateUser } from './use-users';
import { type UserDetails, UserDetailsFields } from './user-fields';

type User = CallResponse<'getUsers'>['users'][number];

interface EditUserPopupProps {
  /** The user to edit; null when closed. */
  user: User | null;
  /** Whether the user is the administrator editing (who cannot take away their own role). */
  isMe: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Edit a user's name, e-mail, gender and role in a popup (the username stays). */
export function EditUserPopup({ user, isMe, onClose, onSaved }: EditUserPopupProps) {
  const update = useUpdateUser();
  const [fields, setFields] = useState<UserDetails>({
    name: '',
    email: '',
    gender: 'male',
    role_id: '2',
  });
  useEffect(() => {
    if (user)
      setFields({
        name: user.name,
        email: user.email,
        gender: user.gender,
        role_id: roleValue(user.role_id),
      });
  }, [user]);
  const outcome = useFormOutcome(() =>
    !fields.name.trim() || !fields.email.trim() ? 'Please fill in all fields' : null,
  );
  const set = (change: Partial<typeof fields>) => setFields((f) => ({ ...f, ...change }));
  const roleChanges = user !== null && fields.role_id !== roleValue(user.role_id);

  const handleSave = () => {
    if (!user) return;
    update.mutate(
      { user_id: user.id, ...fields, name: fields.name.trim(), email: fields.email.trim() },
      outcome.reports(explainFailure('The changes could not be saved. Please try again.'), onSaved),
    );
  };

  return (
    <FormPopup
      open={user !== null}
      title={`Edit ${user?.name ?? ''}`}
      onClose={onClose}
      onSend={handleSave}
      outcome={outcome}
      submitLabel="Save"
      busy={update.isPending}
    >
      <p>Username: {user?.username}</p>
      <UserDetailsFields
        fields={fields}
        set={set}
        notGiven={user?.gender === ''}
        role={{
          disabled: isMe,
          hint: isMe
            ? 'You cannot remove your own administrator role.'
            : roleChanges
              ? 'They will be logged out so the new role applies at once.'
              : undefined,
        }}
      />
    </FormPopup>
  );
}
