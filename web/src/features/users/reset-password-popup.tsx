import { MIN_PASSWORD_LENGTH } from '@academy/contract/constants';
import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { FormPopup, PasswordField, useFormOutcome } from '../../ui';
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
    if (!user) return;
    reset.mutate(
      { userId: user.id, password },
      outcome.reports(explainFailure('The password could not be reset. Please try again.'), onDone),
    );
  };

  return (
    <FormPopup
      open={user !== null}
      title={`New password for ${user?.name ?? ''}`}
      onClose={onClose}
      onSend={handleReset}
      outcome={outcome}
      submitLabel="Set password"
      busy={reset.isPending}
    >
      <PasswordField
        label="New password"
        purpose="new"
        hint="They will be logged out everywhere."
        value={password}
        onValue={setPassword}
      />
    </FormPopup>
  );
}
