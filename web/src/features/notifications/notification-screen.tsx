import type { CallResponse } from '@academy/contract';
import { useEffect } from 'react';
import { paths } from '../../app/paths';
import { formatLongDate, parseServerTime } from '../../lib/dates';
import { type Column, QueryView, Screen, Table } from '../../ui';
import { NotificationText } from './notification-text';
import styles from './notifications.module.css';
import { useOwnNotifications } from './use-notifications';

const back = { to: paths.userHome, label: 'Back to Home Screen', replace: true };

/** Time in the reader's locale, as the spec's student list shows it, or 'Invalid Time'. */
function localTime(value: string): string {
  const date = parseServerTime(value);
  return Number.isNaN(date.getTime()) ? 'Invalid Time' : date.toLocaleTimeString();
}

type Notification = CallResponse<'getNotifications'>['notifications'][number];

const columns: Column<Notification>[] = [
  {
    header: 'Message',
    kind: 'text',
    className: () => styles.message,
    cell: (n) => <NotificationText message={n.message} />,
  },
  { header: 'Date', kind: 'short', cell: (n) => formatLongDate(n.created_at) },
  { header: 'Time', kind: 'short', cell: (n) => localTime(n.created_at) },
];

/** /notification: the student's notifications, newest first. */
export default function NotificationScreen() {
  const notifications = useOwnNotifications();
  const list = notifications.data?.notifications ?? [];

  useEffect(() => {
    // The spec only logs a failed fetch; the list stays empty.
    if (notifications.error) console.error('Could not fetch notifications', notifications.error);
    for (const n of list) {
      if (Number.isNaN(parseServerTime(n.created_at).getTime()))
        console.error('A notification has an invalid date', n.created_at);
    }
  }, [notifications.error, list]);

  return (
    <Screen title="Your Notifications" back={back} backAtBottom>
      <QueryView
        query={notifications}
        loading="Loading notifications..."
        // The spec only logs a failed fetch; the list stays empty.
        showsEmptyOnError
        empty="No notifications found."
        isEmpty={(data) => data.notifications.length === 0}
      >
        {(data) => (
          <Table
            label="Your notifications"
            columns={columns}
            rows={data.notifications}
            rowKey={(n) => n.id}
          />
        )}
      </QueryView>
    </Screen>
  );
}
