import { MIN_PASSWORD_LENGTH } from '@academy/contract/constants';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { Button, FormMessage, Popup, SubmitButton, TextField, useFormOutcome } from '../../ui';
import { useResetPassword } from './use-users';
import type { User } from './users-table';

interface ResetPasswordPopupProps {
  /** Whose password is set; null when closed. */
  user: User | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** An administrator sets a user's new password (new): they are logged out everywhere. */
export function ResetPasswordPopup({ user, onClose, onDone }: ResetPasswordPopupProps) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const outcome = useFormOutcome(() =>
    password.length < MIN_PASSWORD_LENGTH
      ? `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`
      : null,
  );
  // Each user's popup starts blank: nothing typed for the last one carries over.
  const [shownFor, setShownFor] = useState(user);
  if (user !== shownFor) {
    setShownFor(user);
    setPassword('');
    outcome.clear();
  }

  const handleReset = () => {
    if (!user || !outcome.check()) return;
    reset.mutate(
      { userId: user.id, password },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'The password could not be reset. Please try again.' }),
          ),
      },
    );
  };

  return (
    <Popup
      open={user !== null}
      title={`New password for ${user?.name ?? ''}`}
      onClose={onClose}
      onSubmit={handleReset}
      outcome={outcome}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton busy={reset.isPending} busyLabel="Saving...">
            Set password
          </SubmitButton>
        </>
      }
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="They will be logged out everywhere."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormMessage outcome={outcome} />
    </Popup>
  );
}
