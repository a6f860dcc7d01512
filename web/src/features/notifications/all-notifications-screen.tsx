import { useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate, formatTime } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  cell,
  EmptyState,
  Loading,
  Message,
  Pager,
  Screen,
  SelectField,
  Stack,
  Table,
  TextField,
} from '../../ui';
import styles from './notifications.module.css';
import { type NotificationFilters, useAllNotifications } from './use-notifications';

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError)
    return 'An error occurred while fetching the notifications.';
  if (error instanceof ApiError && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return 'Failed to fetch notifications.';
}

const SEARCH_DELAY_MS = 300;

/** /all-notifications: every notification, searched by user name and filtered by read state. */
export default function AllNotificationsScreen() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<NotificationFilters, 'search'>>({
    status: 'all',
    page: 1,
  });
  // The list is asked for once typing pauses, not on every key.
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const list = useAllNotifications({ ...filters, search: settledSearch });

  return (
    <Screen title="All Notifications" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      <div className={styles.filters}>
        <TextField
          label="Search"
          type="search"
          placeholder="Search by user name..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setFilters({ ...filters, page: 1 });
          }}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) =>
            setFilters({
              ...filters,
              status: e.target.value as NotificationFilters['status'],
              page: 1,
            })
          }
        >
          <option value="all">All</option>
          <option value="read">Read</option>
          <option value="unread">Unread</option>
        </SelectField>
      </div>
      {list.isPending ? (
        <Loading>Loading notifications...</Loading>
      ) : list.isError ? (
        <Message tone="error">{loadFailure(list.error)}</Message>
      ) : list.data.notifications.length === 0 ? (
        <EmptyState>No notifications found.</EmptyState>
      ) : (
        <Stack>
          <Table label="Notifications">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">User Name</th>
                <th scope="col">Message</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data.notifications.map((n) => (
                <tr key={n.id}>
                  <td className={cell.nowrap}>{n.id}</td>
                  <td>{n.user_name}</td>
                  <td className={`${styles.message} ${cell.text}`}>{n.message}</td>
                  <td className={cell.nowrap}>{formatLongDate(n.created_at)}</td>
                  <td className={cell.nowrap}>{formatTime(n.created_at)}</td>
                  <td className={`${cell.nowrap} ${n.is_read === 1 ? styles.read : styles.unread}`}>
                    {n.is_read === 1 ? 'Read' : 'Unread'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={filters.page}
            hasMore={list.data.has_more}
            isLoading={list.isPlaceholderData}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </Stack>
      )}
    </Screen>
  );
}
