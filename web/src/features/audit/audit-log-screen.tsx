import { isWrite, type RouteMeta, routes } from '@academy/contract/routes';
import { useState } from 'react';
import { refusalOr } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate, formatTime } from '../../lib/dates';
import { Button, EmptyState, Loading, Message, Screen, SelectField, Table } from '../../ui';
import { actionLabel, useAuditLog } from './use-audit-log';

/**
 * What the log can hold: every admin call that changes something, and every student call an
 * admin can make for a student. The filter's choices come from the route table.
 */
const adminWrites = Object.entries(routes)
  .filter(
    ([, meta]: [string, RouteMeta]) =>
      isWrite(meta) && (meta.access === 'admin' || (meta.access === 'user' && !meta.ownSession)),
  )
  .map(([name]) => name)
  .sort((a, b) => actionLabel(a).localeCompare(actionLabel(b)));

/** /audit-log (new): who changed what and when, newest first. */
export default function AuditLogScreen() {
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Screen
      title="Audit Log"
      subtitle="Every change made by an administrator."
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
    >
      <SelectField label="Show" value={action} onChange={(e) => setAction(e.target.value)}>
        <option value="">All changes</option>
        {adminWrites.map((name) => (
          <option key={name} value={name}>
            {actionLabel(name)}
          </option>
        ))}
      </SelectField>
      {log.isPending ? (
        <Loading>Loading the audit log...</Loading>
      ) : log.isError ? (
        <Message tone="error">{refusalOr(log.error, 'Failed to load the audit log.')}</Message>
      ) : entries.length === 0 ? (
        <EmptyState>No changes recorded yet.</EmptyState>
      ) : (
        <>
          <Table label="Audit log">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Admin</th>
                <th scope="col">Change</th>
                <th scope="col">User</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatLongDate(entry.created_at)}</td>
                  <td>{formatTime(entry.created_at)}</td>
                  <td>{entry.actor_name}</td>
                  <td>{actionLabel(entry.action)}</td>
                  <td>
                    {entry.target_user_name ??
                      (entry.target_user_id ? `#${entry.target_user_id}` : '—')}
                  </td>
                  <td>
                    <code>{entry.details}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {log.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
            </Button>
          )}
        </>
      )}
    </Screen>
  );
}
