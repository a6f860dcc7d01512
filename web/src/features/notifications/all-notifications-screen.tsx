import type { CallResponse } from '@academy/contract';
import { explainFailure } from '../../api/failure-text';
import { StudentLink } from '../../components';
import { formatLongDate, formatTime } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  type Column,
  PagedList,
  Screen,
  SearchField,
  SelectField,
  Table,
  usePagedFilters,
} from '../../ui';
import styles from './notifications.module.css';
import { type NotificationFilters, useAllNotifications } from './use-notifications';

const loadFailure = explainFailure({
  network: 'An error occurred while fetching the notifications.',
  fallback: 'Failed to fetch notifications.',
});

type Notification = CallResponse<'getAllNotifications'>['notifications'][number];

const columns: Column<Notification>[] = [
  { header: 'ID', kind: 'short', cell: (n) => n.id },
  {
    header: 'User Name',
    cell: (n) => <StudentLink id={n.user_id}>{n.user_name}</StudentLink>,
  },
  { header: 'Message', kind: 'text', className: () => styles.message, cell: (n) => n.message },
  { header: 'Date', kind: 'short', cell: (n) => formatLongDate(n.created_at) },
  { header: 'Time', kind: 'short', cell: (n) => formatTime(n.created_at) },
  {
    header: 'Status',
    kind: 'short',
    className: (n) => (n.is_read === 1 ? styles.read : styles.unread),
    cell: (n) => (n.is_read === 1 ? 'Read' : 'Unread'),
  },
];

/**
 * /all-notifications: every notification (a teacher's students' for a teacher), searched by
 * user name and filtered by read state.
 */
export default function AllNotificationsScreen() {
  const back = useBackToStaffHome();
  const { filters, setFilter, pager, searchBox } = usePagedFilters<NotificationFilters>({
    search: '',
    status: 'all',
    page: 1,
  });
  // The list is asked for once typing pauses, not on every key.
  const list = useAllNotifications({ ...filters, search: useDebouncedValue(filters.search) });

  return (
    <Screen title="All Notifications" back={back}>
      <div className={styles.filters}>
        <SearchField label="Search" placeholder="Search by user name..." {...searchBox('search')} />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => setFilter({ status: e.target.value as NotificationFilters['status'] })}
        >
          <option value="all">All</option>
          <option value="read">Read</option>
          <option value="unread">Unread</option>
        </SelectField>
      </div>
      <PagedList
        query={list}
        pager={pager}
        loading="Loading notifications..."
        error={loadFailure}
        empty="No notifications found."
        isEmpty={(data) => data.notifications.length === 0}
      >
        {(data) => <Table label="Notifications" columns={columns} rows={data.notifications} />}
      </PagedList>
    </Screen>
  );
}
