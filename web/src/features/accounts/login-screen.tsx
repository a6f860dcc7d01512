import { Link, useNavigate } from 'react-router';
import { homeFor } from '../../api/session';
import { AcademyLogo } from '../../components/academy-logo';
import { useAppConfig, useLoginBackground } from '../../shared/branding';
import { paths } from '../../shared/paths';
import {
  Form,
  FormMessage,
  PasswordField,
  ScreenHeading,
  SubmitButton,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import styles from './login-screen.module.css';
import { loginErrorMessage, useLogin } from './use-login';

/** / and /login: the welcome heading, username and password, and the academy's background. */
export default function LoginScreen() {
  const navigate = useNavigate();
  const { data: background } = useLoginBackground();
  const { data: config } = useAppConfig();
  const login = useLogin();
  const { values, bind } = useFields({ username: '', password: '' });
  const outcome = useFormOutcome(() =>
    !values.username.trim() || !values.password ? 'Please fill in all fields' : null,
  );

  const handleSend = () =>
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (user) => navigate(homeFor(user.role), { replace: true }),
        onError: (error) => outcome.fail(loginErrorMessage(error)),
      },
    );

  return (
    <main
      className={styles.screen}
      style={background ? { backgroundImage: `url("${background.backgroundUrl}")` } : undefined}
    >
      <div className={styles.panel}>
        <div className={styles.brand}>
          <AcademyLogo size={72} className={styles.logo} />
          {config && <p className={styles.academy}>{config.academyName}</p>}
          <ScreenHeading className={styles.heading}>Welcome back!</ScreenHeading>
          <p className={styles.lead}>Log in to continue your learning.</p>
        </div>
        <Form className={styles.form} onSend={handleSend} outcome={outcome}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...bind('username')}
          />
          <PasswordField label="Password" name="password" purpose="current" {...bind('password')} />
          <FormMessage outcome={outcome} />
          <SubmitButton block busy={login.isPending} busyLabel="Logging in...">
            Login
          </SubmitButton>
        </Form>
        <Link to={paths.forgotPassword} className={styles.forgot}>
          Forgot password?
        </Link>
      </div>
    </main>
  );
}
