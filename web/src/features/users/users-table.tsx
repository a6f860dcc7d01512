import type { CallResponse } from '@academy/contract';
import { StudentLink } from '../../components';
import { roleWord } from '../../lib/roles';
import { Button, type Column, RecordActions, Table } from '../../ui';
import styles from './users.module.css';

export type User = CallResponse<'getUsers'>['users'][number];

/** What an administrator can do to a user's account, from the table's last column. */
export interface AccountActions {
  edit: (user: User) => void;
  resetPassword: (user: User) => void;
  /** Deactivate (asked first) or activate again. */
  toggleActive: (user: User) => void;
  remove: (user: User) => void;
}

interface UsersTableProps {
  users: User[];
  /** The administrator looking: their own row offers Edit only. */
  me: number | undefined;
  actions: AccountActions;
}

/** A page of /view-users as a table: ID, name, username, e-mail, role and the account's buttons. */
export function UsersTable({ users, me, actions }: UsersTableProps) {
  const columns: Column<User>[] = [
    { header: 'ID', kind: 'short', cell: (user) => user.id },
    {
      header: 'Name',
      cell: (user) => (
        <>
          <StudentLink id={user.id}>{user.name}</StudentLink>
          {!user.is_active && <span className={styles.tag}>Deactivated</span>}
        </>
      ),
    },
    { header: 'Username', cell: (user) => user.username },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Role', kind: 'short', cell: (user) => roleWord(user.role_id) },
    {
      header: 'Account',
      cell: (user) => <AccountButtons user={user} isMe={user.id === me} actions={actions} />,
    },
  ];
  return (
    <Table
      label="Users"
      columns={columns}
      rows={users}
      rowClassName={(user) => (user.is_active ? undefined : styles.inactive)}
    />
  );
}

/** Edit for everyone; your own password, activity and account change elsewhere or not at all. */
function AccountButtons({
  user,
  isMe,
  actions,
}: {
  user: User;
  isMe: boolean;
  actions: AccountActions;
}) {
  return (
    <RecordActions
      name={user.name}
      onEdit={() => actions.edit(user)}
      onDelete={isMe ? undefined : () => actions.remove(user)}
      isDeleteDanger
      isPlain
    >
      {/* Your own password changes through Change Password, which asks for the current one. */}
      {!isMe && (
        <Button
          variant="secondary"
          size="small"
          onClick={() => actions.resetPassword(user)}
          aria-label={`Reset the password of ${user.name}`}
        >
          Reset password
        </Button>
      )}
      {!isMe && (
        <Button
          variant="secondary"
          size="small"
          onClick={() => actions.toggleActive(user)}
          aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.name}`}
        >
          {user.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      )}
    </RecordActions>
  );
}
