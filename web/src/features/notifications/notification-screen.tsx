import { useEffect } from 'react';
import { paths } from '../../app/paths';
import { formatLongDate, parseServerTime } from '../../lib/dates';
import { cell, EmptyState, Loading, Screen, Table } from '../../ui';
import { NotificationText } from './notification-text';
import styles from './notifications.module.css';
import { useOwnNotifications } from './use-notifications';

const back = { to: paths.userHome, label: 'Back to Home Screen', replace: true };

/** Time in the reader's locale, as the spec's student list shows it, or 'Invalid Time'. */
function localTime(value: string): string {
  const date = parseServerTime(value);
  return Number.isNaN(date.getTime()) ? 'Invalid Time' : date.toLocaleTimeString();
}

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
      {notifications.isPending && !notifications.isError ? (
        <Loading>Loading notifications...</Loading>
      ) : list.length === 0 ? (
        <EmptyState>No notifications found.</EmptyState>
      ) : (
        <Table label="Your notifications">
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Date</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {list.map((n) => (
              <tr key={n.id}>
                <td className={`${styles.message} ${cell.text}`}>
                  <NotificationText message={n.message} />
                </td>
                <td className={cell.nowrap}>{formatLongDate(n.created_at)}</td>
                <td className={cell.nowrap}>{localTime(n.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Screen>
  );
}
