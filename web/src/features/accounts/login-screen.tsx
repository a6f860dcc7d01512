import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { homeFor } from '../../api/session';
import {
  Form,
  FormMessage,
  PasswordField,
  ScreenHeading,
  SubmitButton,
  TextField,
  useFormOutcome,
} from '../../ui';
import { AcademyLogo } from '../branding/academy-logo';
import { useAppConfig, useLoginBackground } from '../branding/queries';
import styles from './login-screen.module.css';
import { loginErrorMessage, useLogin } from './use-login';

/** / and /login: the welcome heading, username and password, and the academy's background. */
export default function LoginScreen() {
  const navigate = useNavigate();
  const { data: background } = useLoginBackground();
  const { data: config } = useAppConfig();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const outcome = useFormOutcome(() =>
    !username.trim() || !password ? 'Please fill in all fields' : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (user) => navigate(homeFor(user.role), { replace: true }),
        onError: (error) => outcome.fail(loginErrorMessage(error)),
      },
    );
  };

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
        <Form className={styles.form} onSubmit={handleSubmit} outcome={outcome}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <PasswordField
            label="Password"
            name="password"
            purpose="current"
            value={password}
            onValue={setPassword}
          />
          <FormMessage outcome={outcome} />
          <SubmitButton block busy={login.isPending} busyLabel="Logging in...">
            Login
          </SubmitButton>
        </Form>
      </div>
    </main>
  );
}
