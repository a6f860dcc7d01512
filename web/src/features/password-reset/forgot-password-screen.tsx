import { explainFailure, NO_CONNECTION } from '../../api/failure-text';
import { paths } from '../../shared/paths';
import {
  FormMessage,
  FormScreen,
  SubmitButton,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { useForgotPassword } from './use-password-reset';

/**
 * /forgot-password (new, issue 31): a username or e-mail, and a link by e-mail to set a new
 * password. The answer is the server's, the same whether an account has what was typed.
 */
export default function ForgotPasswordScreen() {
  const ask = useForgotPassword();
  const { values, bind } = useFields({ login: '' });
  const outcome = useFormOutcome(() =>
    values.login.trim() ? null : 'Please enter your username or e-mail.',
  );
  const handleSend = () =>
    ask.mutate(
      values.login.trim(),
      outcome.reports(
        explainFailure({
          network: NO_CONNECTION,
          fallback: 'The link could not be asked for. Please try again.',
        }),
      ),
    );
  return (
    <FormScreen
      title="Forgot your password?"
      subtitle="Type your username or your account's e-mail address: a link to set a new password will be sent to that e-mail."
      back={{ to: paths.login, label: 'Back to login' }}
      onSend={handleSend}
      outcome={outcome}
    >
      <TextField
        label="Username or e-mail"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={200}
        {...bind('login')}
      />
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={ask.isPending} busyLabel="Sending...">
        Send me a link
      </SubmitButton>
    </FormScreen>
  );
}
