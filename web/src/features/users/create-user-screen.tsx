import { DEFAULT_GENDER, DEFAULT_ROLE_ID, type Gender } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { Button, ButtonLink, Card, Message, Screen, SelectField, TextField } from '../../ui';
import { useAddUser } from './use-users';
import styles from './users.module.css';

const blank = {
  name: '',
  username: '',
  email: '',
  password: '',
  role_id: String(DEFAULT_ROLE_ID) as '1' | '2',
  gender: DEFAULT_GENDER as Gender,
};

/** /create-user: name, username, email, password, role (default User) and gender (default male). */
export default function CreateUserScreen() {
  const addUser = useAddUser();
  const [fields, setFields] = useState(blank);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const set = (change: Partial<typeof blank>) => setFields((f) => ({ ...f, ...change }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(fields).some((v) => !String(v).trim())) {
      setOutcome({ tone: 'error', text: 'Please fill in all fields' });
      return;
    }
    setOutcome(null);
    addUser.mutate(
      {
        ...fields,
        name: fields.name.trim(),
        username: fields.username.trim(),
        email: fields.email.trim(),
      },
      {
        onSuccess: (answer) => {
          setOutcome({ tone: 'success', text: answer.message });
          setFields(blank);
        },
        onError: (error) =>
          setOutcome({
            tone: 'error',
            text:
              error instanceof ApiError && error.isNetworkError
                ? 'An error occurred. Please try again.'
                : error instanceof ApiError && error.serverMessage && error.status < 500
                  ? error.serverMessage
                  : 'Error adding user',
          }),
      },
    );
  };

  return (
    <Screen
      title="Create User"
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
      width="narrow"
    >
      <Card>
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <TextField
            label="Name"
            autoComplete="off"
            value={fields.name}
            onChange={(e) => set({ name: e.target.value })}
            maxLength={100}
          />
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint="Letters, numbers, dots, dashes and underscores."
            value={fields.username}
            onChange={(e) => set({ username: e.target.value })}
            maxLength={50}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={fields.email}
            onChange={(e) => set({ email: e.target.value })}
            maxLength={200}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={fields.password}
            onChange={(e) => set({ password: e.target.value })}
          />
          <div className={styles.row}>
            <SelectField
              label="Role"
              value={fields.role_id}
              onChange={(e) => set({ role_id: e.target.value as '1' | '2' })}
            >
              <option value="2">User</option>
              <option value="1">Admin</option>
            </SelectField>
            <SelectField
              label="Gender"
              value={fields.gender}
              onChange={(e) => set({ gender: e.target.value as Gender })}
            >
              <option value="male">Male</option>
              <option value="female">Female</option>
            </SelectField>
          </div>
          {outcome && <Message tone={outcome.tone}>{outcome.text}</Message>}
          <Button type="submit" block disabled={addUser.isPending}>
            {addUser.isPending ? 'Creating...' : 'Create User'}
          </Button>
          <ButtonLink to={paths.adminHome} variant="ghost">
            Back to Admin Dashboard
          </ButtonLink>
        </form>
      </Card>
    </Screen>
  );
}
