import { MIN_PASSWORD_LENGTH } from '@academy/contract/constants';
import { useState } from 'react';
import { useParams } from 'react-router';
import { failureText, NO_CONNECTION } from '../../api/failure-text';
import { paths } from '../../shared/paths';
import {
  ButtonLink,
  Card,
  Form,
  FormMessage,
  Message,
  PasswordField,
  QueryView,
  Screen,
  Stack,
  SubmitButton,
  useFields,
  useFormOutcome,
} from '../../ui';
import { usePasswordLink, useSetPasswordFromLink } from './use-password-reset';

/**
 * /reset-password/:token (new, issue 31): the screen an e-mailed link opens. A link that works
 * asks for a new password twice, with Change Password's rules; one that expired, was used or
 * was never sent says so, with the way to ask again.
 */
export default function ResetPasswordScreen() {
  const token = useParams().token ?? '';
  const link = usePasswordLink(token);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Screen title="Set a new password" width="narrow">
      {done ? (
        <Stack>
          <Message tone="success">{done}</Message>
          <ButtonLink to={paths.login} variant="primary" block>
            Sign in
          </ButtonLink>
        </Stack>
      ) : (
        <QueryView
          query={link}
          loading="Checking your link..."
          error={(error) => (
            <Stack>
              <Message tone="error">
                {failureText(error, {
                  network: NO_CONNECTION,
                  fallback: 'The link could not be checked. Please try again.',
                })}
              </Message>
              <ButtonLink to={paths.forgotPassword} block>
                Ask for a new link
              </ButtonLink>
            </Stack>
          )}
        >
          {(answer) => (
            <NewPasswordForm
              token={token}
              username={answer.username}
              minutesLeft={answer.minutes_left}
              onDone={setDone}
            />
          )}
        </QueryView>
      )}
    </Screen>
  );
}

function NewPasswordForm(props: {
  token: string;
  username: string;
  minutesLeft: number;
  onDone: (message: string) => void;
}) {
  const set = useSetPasswordFromLink(props.token);
  const { values, bind } = useFields({ next: '', repeat: '' });
  const outcome = useFormOutcome(() =>
    !values.next || !values.repeat
      ? 'Please fill in all fields'
      : values.next.length < MIN_PASSWORD_LENGTH
        ? `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`
        : values.next !== values.repeat
          ? 'The new passwords do not match.'
          : null,
  );
  const handleSend = () =>
    set.mutate(values.next, {
      onSuccess: (answer) => props.onDone(answer.message),
      onError: (error) =>
        outcome.fail(
          failureText(error, {
            network: NO_CONNECTION,
            fallback: 'An error occurred. Please try again.',
          }),
        ),
    });
  return (
    <Card>
      <Form onSend={handleSend} outcome={outcome}>
        <p>
          {`For the account ${props.username}. This link works for ${props.minutesLeft} more minute${props.minutesLeft === 1 ? '' : 's'}, once.`}
        </p>
        {/* Password managers save the new password under the account's username. */}
        <input type="hidden" name="username" autoComplete="username" value={props.username} />
        <PasswordField
          label="New password"
          purpose="new"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Every device signed in to your account will be signed out.`}
          {...bind('next')}
        />
        <PasswordField label="Repeat the new password" purpose="new" {...bind('repeat')} />
        <FormMessage outcome={outcome} />
        <SubmitButton block busy={set.isPending} busyLabel="Saving...">
          Set my new password
        </SubmitButton>
      </Form>
    </Card>
  );
}
