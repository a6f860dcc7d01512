import type { CallResponse } from '@academy/contract';
import { useEffect } from 'react';
import { failureText } from '../../api/failure-text';
import { homeFor, readStoredUser } from '../../api/session';
import { formatLongDate, parseServerTime } from '../../lib/dates';
import { type Column, Message, QueryView, Screen, SubmitButton, Table, Tag } from '../../ui';
import { PushPrompt } from '../push/push-prompt';
import { NotificationLink } from './notification-link';
import { NotificationText } from './notification-text';
import styles from './notifications.module.css';
import { useMarkAllNotificationsRead, useOwnNotifications } from './use-notifications';

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
    cell: (n) => (
      <>
        {n.is_read === 0 && <Tag tone="info">New</Tag>} <NotificationText message={n.message} />
        <br />
        <NotificationLink notification={n} />
      </>
    ),
  },
  { header: 'Date', kind: 'short', cell: (n) => formatLongDate(n.created_at) },
  { header: 'Time', kind: 'short', cell: (n) => localTime(n.created_at) },
];

/**
 * /notification: the reader's own notifications, newest first: a student's, or (issue 49,
 * point 3) a teacher's or an administrator's, whose Back leads to their own home.
 */
export default function NotificationScreen() {
  const back = {
    to: homeFor(readStoredUser()?.role ?? 'user'),
    label: 'Back to Home Screen',
    replace: true,
  };
  const notifications = useOwnNotifications();
  const list = notifications.data?.notifications ?? [];
  const markAll = useMarkAllNotificationsRead();
  const unread = list.filter((n) => n.is_read === 0).length;

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
      <PushPrompt always />
      <QueryView
        query={notifications}
        loading="Loading notifications..."
        // The spec only logs a failed fetch; the list stays empty.
        showsEmptyOnError
        empty="No notifications found."
        isEmpty={(data) => data.notifications.length === 0}
      >
        {(data) => (
          <>
            <div className={styles.markAll}>
              {unread > 0 && (
                <SubmitButton
                  type="button"
                  variant="secondary"
                  busy={markAll.isPending}
                  busyLabel="Marking..."
                  onClick={() => markAll.mutate()}
                >
                  {`Mark all as read (${unread} unread)`}
                </SubmitButton>
              )}
              {markAll.isSuccess && <Message tone="success">{markAll.data.message}</Message>}
              {markAll.isError && (
                <Message tone="error">
                  {failureText(markAll.error, {
                    network: 'Could not reach the server. Please try again.',
                    fallback: 'Could not mark the notifications as read. Please try again.',
                  })}
                </Message>
              )}
            </div>
            <Table
              label="Your notifications"
              columns={columns}
              rows={data.notifications}
              rowClassName={(n) => (n.is_read === 0 ? styles.unreadRow : undefined)}
            />
          </>
        )}
      </QueryView>
    </Screen>
  );
}
