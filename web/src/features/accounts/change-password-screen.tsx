import { MIN_PASSWORD_LENGTH } from '@academy/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { homeFor, readStoredUser } from '../../api/session';
import {
  FormMessage,
  FormScreen,
  PasswordField,
  SubmitButton,
  useFields,
  useFormOutcome,
} from '../../ui';
import { CalendarCard } from '../calendar/calendar-card';
import { PushDeviceCard } from '../push/push-device-card';

/**
 * /change-password (new): anyone signed in sets a new password, giving the current one; below
 * it, their calendar address (issue 31, point 5) and notifications on this device (point 2), the
 * other things a person keeps for their account.
 */
export default function ChangePasswordScreen() {
  const home = homeFor(readStoredUser()?.role ?? 'user');
  const { values, bind, reset } = useFields({ current: '', next: '', repeat: '' });
  const { current, next, repeat } = values;
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

  const handleSend = () =>
    change.mutate(undefined, {
      onSuccess: (answer) => {
        outcome.succeed(answer.message);
        reset();
      },
      onError: (error) =>
        outcome.fail(failureText(error, { fallback: 'An error occurred. Please try again.' })),
    });

  return (
    <FormScreen
      title="Change Password"
      back={{ to: home, label: 'Back to Home Screen' }}
      onSend={handleSend}
      outcome={outcome}
      after={
        <>
          <CalendarCard />
          <PushDeviceCard />
        </>
      }
    >
      <PasswordField label="Current password" purpose="current" {...bind('current')} />
      <PasswordField
        label="New password"
        purpose="new"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other devices will be logged out.`}
        {...bind('next')}
      />
      <PasswordField label="Repeat the new password" purpose="new" {...bind('repeat')} />
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={change.isPending} busyLabel="Saving...">
        Change Password
      </SubmitButton>
    </FormScreen>
  );
}
