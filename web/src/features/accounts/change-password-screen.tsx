import { MIN_PASSWORD_LENGTH } from '@academy/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { homeFor, readStoredUser } from '../../api/session';
import {
  Card,
  Form,
  FormMessage,
  PasswordField,
  Screen,
  SubmitButton,
  useFormOutcome,
} from '../../ui';

/** /change-password (new): anyone signed in sets a new password, giving the current one. */
export default function ChangePasswordScreen() {
  const home = homeFor(readStoredUser()?.role ?? 'user');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useMutation({
    mutationFn: () => call('changePassword', { current_password: current, new_password: next }),
  });

  const outcome = useFormOutcome(() =>
    !current || !next || !repeat
      ? 'Please fill in all fields'
      : next.length < MIN_PASSWORD_LENGTH
        ? `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`
        : next !== repeat
          ? 'The new passwords do not match.'
          : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    change.mutate(undefined, {
      onSuccess: (answer) => {
        outcome.succeed(answer.message);
        setCurrent('');
        setNext('');
        setRepeat('');
      },
      onError: (error) =>
        outcome.fail(failureText(error, { fallback: 'An error occurred. Please try again.' })),
    });
  };

  return (
    <Screen
      title="Change Password"
      back={{ to: home, label: 'Back to Home Screen' }}
      width="narrow"
    >
      <Card>
        <Form onSubmit={handleSubmit} outcome={outcome}>
          <PasswordField
            label="Current password"
            purpose="current"
            value={current}
            onValue={setCurrent}
          />
          <PasswordField
            label="New password"
            purpose="new"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other devices will be logged out.`}
            value={next}
            onValue={setNext}
          />
          <PasswordField
            label="Repeat the new password"
            purpose="new"
            value={repeat}
            onValue={setRepeat}
          />
          <FormMessage outcome={outcome} />
          <SubmitButton block busy={change.isPending} busyLabel="Saving...">
            Change Password
          </SubmitButton>
        </Form>
      </Card>
    </Screen>
  );
}
