import { DEFAULT_GENDER, DEFAULT_ROLE_ID, type UserGender } from '@academy/contract/constants';
import { failureText } from '../../api/failure-text';
import { roleValue } from '../../lib/roles';
import { backTo, paths } from '../../shared/paths';
import {
  ButtonLink,
  FormMessage,
  FormScreen,
  PasswordField,
  SubmitButton,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { useAddUser } from './use-users';
import { UserDetailsFields } from './user-fields';

const blank = {
  name: '',
  username: '',
  email: '',
  password: '',
  role_id: roleValue(DEFAULT_ROLE_ID),
  // The form never offers Not given (the spec asks for a gender here).
  gender: DEFAULT_GENDER as UserGender,
};

/**
 * /create-user: name, username, email, password, role (default User; Admin or Teacher) and
 * gender (default male).
 */
export default function CreateUserScreen() {
  const addUser = useAddUser();
  const { values: fields, set, bind, reset } = useFields(blank);
  const outcome = useFormOutcome(() =>
    Object.values(fields).some((v) => !String(v).trim()) ? 'Please fill in all fields' : null,
  );

  const handleSend = () =>
    addUser.mutate(
      {
        ...fields,
        name: fields.name.trim(),
        username: fields.username.trim(),
        email: fields.email.trim(),
        gender: fields.gender || DEFAULT_GENDER,
      },
      {
        onSuccess: (answer) => {
          outcome.succeed(answer.message);
          reset();
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

  return (
    <FormScreen title="Create User" back={backTo.dashboard} onSend={handleSend} outcome={outcome}>
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
            maxLength={50}
            {...bind('username')}
          />
        }
        password={
          <PasswordField
            label="Password"
            purpose="new"
            hint="At least 8 characters."
            {...bind('password')}
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
    </FormScreen>
  );
}
