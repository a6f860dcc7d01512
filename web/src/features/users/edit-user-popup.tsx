import type { CallResponse } from '@academy/contract';
import type { Gender } from '@academy/contract/constants';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { Button, FieldRow, FormMessage, Popup, TextField, useFormOutcome } from '../../ui';
import { useUpdateUser } from './use-users';
import { GenderSelect, RoleSelect } from './user-fields';

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
  const [fields, setFields] = useState({
    name: '',
    email: '',
    gender: 'male' as Gender,
    role_id: '2' as '1' | '2',
  });
  useEffect(() => {
    if (user)
      setFields({
        name: user.name,
        email: user.email,
        gender: user.gender,
        role_id: user.role_id === '1' ? '1' : '2',
      });
  }, [user]);
  const outcome = useFormOutcome(() =>
    !fields.name.trim() || !fields.email.trim() ? 'Please fill in all fields' : null,
  );
  const set = (change: Partial<typeof fields>) => setFields((f) => ({ ...f, ...change }));
  const roleChanges = user !== null && fields.role_id !== (user.role_id === '1' ? '1' : '2');

  const handleSave = () => {
    if (!user || !outcome.check()) return;
    update.mutate(
      { user_id: user.id, ...fields, name: fields.name.trim(), email: fields.email.trim() },
      {
        onSuccess: (answer) => onSaved(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'The changes could not be saved. Please try again.' }),
          ),
      },
    );
  };

  return (
    <Popup
      open={user !== null}
      title={`Edit ${user?.name ?? ''}`}
      onClose={onClose}
      onSubmit={handleSave}
      outcome={outcome}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <p>Username: {user?.username}</p>
      <TextField
        label="Name"
        autoComplete="off"
        value={fields.name}
        onChange={(e) => set({ name: e.target.value })}
        maxLength={100}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={fields.email}
        onChange={(e) => set({ email: e.target.value })}
        maxLength={200}
      />
      <FieldRow>
        <RoleSelect
          value={fields.role_id}
          disabled={isMe}
          hint={
            isMe
              ? 'You cannot remove your own administrator role.'
              : roleChanges
                ? 'They will be logged out so the new role applies at once.'
                : undefined
          }
          onChange={(role_id) => set({ role_id })}
        />
        <GenderSelect value={fields.gender} onChange={(gender) => set({ gender })} />
      </FieldRow>
      <FormMessage outcome={outcome} />
    </Popup>
  );
}
