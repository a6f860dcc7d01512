import { DEFAULT_GENDER, DEFAULT_ROLE_ID, type Gender } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { paths } from '../../app/paths';
import {
  ButtonLink,
  Card,
  Form,
  FormMessage,
  Screen,
  SubmitButton,
  TextField,
  useFormOutcome,
} from '../../ui';
import { useAddUser } from './use-users';
import { UserDetailsFields } from './user-fields';

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
  const outcome = useFormOutcome(() =>
    Object.values(fields).some((v) => !String(v).trim()) ? 'Please fill in all fields' : null,
  );
  const set = (change: Partial<typeof blank>) => setFields((f) => ({ ...f, ...change }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    addUser.mutate(
      {
        ...fields,
        name: fields.name.trim(),
        username: fields.username.trim(),
        email: fields.email.trim(),
      },
      {
        onSuccess: (answer) => {
          outcome.succeed(answer.message);
          setFields(blank);
        },
        // A refusal says why (a username or e-mail already used, a field the server refused).
        onError: (error) =>
          outcome.fail(
            failureText(error, {
              network: 'An error occurred. Please try again.',
              fallback: 'Error adding user',
            }),
          ),
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
        <Form onSubmit={handleSubmit} outcome={outcome}>
          <UserDetailsFields
            fields={fields}
            set={set}
            username={
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
            }
            password={
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters."
                value={fields.password}
                onChange={(e) => set({ password: e.target.value })}
              />
            }
          />
          <FormMessage outcome={outcome} />
          <SubmitButton block busy={addUser.isPending} busyLabel="Creating...">
            Create User
          </SubmitButton>
          <ButtonLink to={paths.adminHome} variant="ghost">
            Back to Admin Dashboard
          </ButtonLink>
        </Form>
      </Card>
    </Screen>
  );
}
