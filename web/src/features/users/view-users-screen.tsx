import type { CallResponse } from '@academy/contract';
import { MIN_PASSWORD_LENGTH } from '@academy/contract/constants';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { StudentLink } from '../../components';
import { saveBlob } from '../../lib/file-links';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../shared/paths';
import {
  Button,
  ButtonLink,
  type Column,
  ConfirmPopup,
  EmptyState,
  FormMessage,
  Message,
  Pager,
  Popup,
  QueryView,
  Screen,
  Stack,
  Table,
  TextField,
  useFormOutcome,
} from '../../ui';
import { EditUserPopup } from './edit-user-popup';
import { ImportJobsPanel } from './import-jobs-panel';
import { ImportUsersPopup } from './import-users-popup';
import {
  useDeleteUser,
  useExportUsers,
  useResetPassword,
  useSetUserActive,
  useUsers,
} from './use-users';
import styles from './users.module.css';

/** The spec's role names: '1' Admin, '2' User, anything else Unknown. */
function roleName(roleId: string): string {
  if (roleId === '1') return 'Admin';
  if (roleId === '2') return 'User';
  return 'Unknown';
}

type User = CallResponse<'getUsers'>['users'][number];

/** What deleting a user does, as the confirmation says it (docs/decisions.md). */
const DELETE_CONSEQUENCES =
  'Their account is deleted with everything that is theirs: their submissions and files, the corrections sent to them, their speaking answers, flashcards, notifications, schedule and assignments. They are logged out at once. This cannot be undone; to keep their work, deactivate them instead.';

/**
 * /view-users: the users, newest first, a page at a time and searched by name, username or
 * e-mail on the server, with a password reset and deactivation for each (new), editing and
 * deleting, importing students from a CSV file and exporting every user as CSV (new).
 */
export default function ViewUsersScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The list is asked for once typing pauses, not on every key.
  const settledSearch = useDebouncedValue(search);
  const users = useUsers({ q: settledSearch, page });
  const reset = useResetPassword();
  const setActive = useSetUserActive();
  const me = readStoredUser()?.id;
  const [resetFor, setResetFor] = useState<{ id: number; name: string } | null>(null);
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [deactivateFor, setDeactivateFor] = useState<{ id: number; name: string } | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleteFor, setDeleteFor] = useState<{ id: number; name: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteUser();
  const exportUsers = useExportUsers();

  const handleDelete = () => {
    if (!deleteFor) return;
    remove.mutate(deleteFor.id, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: failureText(error, {
            fallback: 'The user could not be deleted. Please try again.',
          }),
        }),
      onSettled: () => setDeleteFor(null),
    });
  };

  const handleExport = () =>
    exportUsers.mutate(undefined, {
      onSuccess: (answer) => {
        saveBlob(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }), answer.file_name);
        setNotice({ tone: 'success', text: `Exported ${answer.count} users.` });
      },
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: failureText(error, {
            fallback: 'The users could not be exported. Please try again.',
          }),
        }),
    });

  const resetOutcome = useFormOutcome(() =>
    password.length < MIN_PASSWORD_LENGTH
      ? `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`
      : null,
  );

  const handleReset = () => {
    if (!resetFor || !resetOutcome.check()) return;
    reset.mutate(
      { userId: resetFor.id, password },
      {
        onSuccess: (answer) => {
          setNotice({ tone: 'success', text: answer.message });
          setResetFor(null);
        },
        onError: (error) =>
          resetOutcome.fail(
            failureText(error, { fallback: 'The password could not be reset. Please try again.' }),
          ),
      },
    );
  };

  const handleActive = (id: number, active: boolean) =>
    setActive.mutate(
      { userId: id, active },
      {
        onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: failureText(error, {
              fallback: 'The change could not be saved. Please try again.',
            }),
          }),
        onSettled: () => setDeactivateFor(null),
      },
    );

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
    { header: 'Role', kind: 'short', cell: (user) => roleName(user.role_id) },
    {
      header: 'Account',
      cell: (user) => (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="small"
            onClick={() => setEditing(user)}
            aria-label={`Edit ${user.name}`}
          >
            Edit
          </Button>
          {/* Your own password changes through Change Password, which asks for the current one. */}
          {user.id !== me && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                setResetFor(user);
                setPassword('');
                resetOutcome.clear();
              }}
              aria-label={`Reset the password of ${user.name}`}
            >
              Reset password
            </Button>
          )}
          {user.id !== me && (
            <Button
              variant="secondary"
              size="small"
              onClick={() =>
                // Deactivating ends their sessions at once: asked first. Activating is not.
                user.is_active ? setDeactivateFor(user) : handleActive(user.id, true)
              }
              aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.name}`}
            >
              {user.is_active ? 'Deactivate' : 'Activate'}
            </Button>
          )}
          {user.id !== me && (
            <Button
              variant="danger"
              size="small"
              onClick={() => setDeleteFor(user)}
              aria-label={`Delete ${user.name}`}
            >
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Screen title="View Users" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import students (CSV)
        </Button>
        <Button variant="secondary" onClick={handleExport} disabled={exportUsers.isPending}>
          {exportUsers.isPending ? 'Exporting...' : 'Export users (CSV)'}
        </Button>
      </div>
      <ImportJobsPanel />
      <TextField
        label="Search users"
        type="search"
        placeholder="Name, username or e-mail"
        autoComplete="off"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      <QueryView
        query={users}
        loading="Loading users..."
        error={(error) =>
          `Error fetching users: ${failureText(error, { fallback: error.message })}`
        }
      >
        {(found) => (
          <Stack>
            {found.users.length === 0 ? (
              <EmptyState>No users found.</EmptyState>
            ) : (
              <Table
                label="Users"
                columns={columns}
                rows={found.users}
                rowKey={(user) => user.id}
                rowClassName={(user) => (user.is_active ? undefined : styles.inactive)}
              />
            )}
            <Pager
              page={page}
              hasMore={found.hasMore}
              isLoading={users.isPlaceholderData}
              onPage={setPage}
            />
          </Stack>
        )}
      </QueryView>
      <ButtonLink to={paths.adminHome} variant="secondary">
        Back to Dashboard
      </ButtonLink>
      <ConfirmPopup
        open={deactivateFor !== null}
        title={`Deactivate ${deactivateFor?.name ?? ''}?`}
        confirmLabel="Yes, Deactivate"
        busy={setActive.isPending}
        onConfirm={() => deactivateFor && handleActive(deactivateFor.id, false)}
        onCancel={() => setDeactivateFor(null)}
      >
        <p>
          They are logged out everywhere at once and cannot log in until they are activated again.
        </p>
      </ConfirmPopup>
      <ConfirmPopup
        open={deleteFor !== null}
        title={`Delete ${deleteFor?.name ?? ''}?`}
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleteFor(null)}
      >
        <p>{DELETE_CONSEQUENCES}</p>
      </ConfirmPopup>
      <EditUserPopup
        user={editing}
        isMe={editing?.id === me}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setNotice({ tone: 'success', text: message });
          setEditing(null);
        }}
      />
      <ImportUsersPopup
        open={importing}
        onClose={() => setImporting(false)}
        onStarted={(message) => setNotice({ tone: 'success', text: message })}
      />
      <Popup
        open={resetFor !== null}
        title={`New password for ${resetFor?.name ?? ''}`}
        onClose={() => setResetFor(null)}
        onSubmit={handleReset}
        outcome={resetOutcome}
        actions={
          <>
            <Button variant="secondary" onClick={() => setResetFor(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Saving...' : 'Set password'}
            </Button>
          </>
        }
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="They will be logged out everywhere."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormMessage outcome={resetOutcome} />
      </Popup>
    </Screen>
  );
}
