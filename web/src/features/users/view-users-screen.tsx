import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { backTo, paths } from '../../shared/paths';
import {
  ActionRow,
  Button,
  ButtonLink,
  FormMessage,
  PagedList,
  Screen,
  SearchField,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import { EditUserPopup } from './edit-user-popup';
import { ExportUsersButton } from './export-users-button';
import { ImportJobsPanel } from './import-jobs-panel';
import { ImportUsersPopup } from './import-users-popup';
import { ResetPasswordPopup } from './reset-password-popup';
import { useUsers } from './use-users';
import { AccountConfirms, useAccountChanges } from './user-account-confirms';
import { type User, UsersTable } from './users-table';

/**
 * /view-users: the users, newest first, a page at a time and searched by name, username or
 * e-mail on the server, with a password reset and deactivation for each (new), editing and
 * deleting, importing students from a CSV file and exporting every user as CSV (new).
 */
export default function ViewUsersScreen() {
  const { filters, pager, searchBox } = usePagedFilters({ q: '', page: 1 });
  // The list is asked for once typing pauses, not on every key.
  const users = useUsers({ ...filters, q: useDebouncedValue(filters.q) });
  const me = readStoredUser()?.id;
  const message = useFormOutcome();
  const [editing, setEditing] = useState<User | null>(null);
  const [resetFor, setResetFor] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  const { confirms, ...changes } = useAccountChanges(message);

  return (
    <Screen title="View Users" back={backTo.dashboard}>
      <FormMessage outcome={message} />
      <ActionRow>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import students (CSV)
        </Button>
        <ExportUsersButton message={message} />
      </ActionRow>
      <ImportJobsPanel />
      <SearchField
        label="Search users"
        placeholder="Name, username or e-mail"
        autoComplete="off"
        {...searchBox('q')}
      />
      <PagedList
        query={users}
        pager={pager}
        loading="Loading users..."
        error={(error) =>
          `Error fetching users: ${failureText(error, { fallback: error.message })}`
        }
        empty="No users found."
        isEmpty={(found) => found.users.length === 0}
      >
        {(found) => (
          <UsersTable
            users={found.users}
            me={me}
            actions={{ edit: setEditing, resetPassword: setResetFor, ...changes }}
          />
        )}
      </PagedList>
      <ButtonLink to={paths.adminHome} variant="secondary">
        Back to Dashboard
      </ButtonLink>
      <AccountConfirms {...confirms} />
      <EditUserPopup
        user={editing}
        isMe={editing?.id === me}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          message.succeed(text);
          setEditing(null);
        }}
      />
      {/* The running import shows itself in the imports panel, which follows it to its end:
          a message of its own here would stay as "Importing…" after it ended (issue 49). */}
      <ImportUsersPopup
        open={importing}
        onClose={() => setImporting(false)}
        onStarted={message.clear}
      />
      <ResetPasswordPopup
        user={resetFor}
        onClose={() => setResetFor(null)}
        onDone={(text) => {
          message.succeed(text);
          setResetFor(null);
        }}
      />
    </Screen>
  );
}
