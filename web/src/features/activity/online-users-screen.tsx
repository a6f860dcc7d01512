import { ONLINE_USERS_REFRESH_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Circle } from 'lucide-react';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { StudentLink } from '../../components';
import { formatLongDateTimeWithSeconds } from '../../lib/dates';
import { backTo } from '../../shared/paths';
import { Card, QueryView, Screen } from '../../ui';
import styles from './activity.module.css';

/** /online-users: who was seen in the last five minutes, refreshed every 30 s. */
export default function OnlineUsersScreen() {
  const online = useQuery({
    queryKey: queryKeys.activity.online(),
    queryFn: () => call('onlineUsers', {}),
    refetchInterval: ONLINE_USERS_REFRESH_MS,
  });
  useEffect(() => {
    // The spec only logs these failures.
    if (online.error) console.error('Could not fetch online users', online.error);
  }, [online.error]);

  return (
    <Screen
      title="Online Users"
      subtitle="Seen in the last five minutes."
      back={backTo.dashboard}
      width="narrow"
    >
      <QueryView
        query={online}
        loading="Loading..."
        // The spec only logs these failures.
        showsEmptyOnError
        empty="No users online right now."
        isEmpty={(users) => users.length === 0}
      >
        {(users) => (
          <Card>
            <ul className={styles.list} aria-label="Online users">
              {users.map((user) => (
                <li key={user.id} className={styles.item}>
                  <Circle size={12} className={styles.dot} aria-hidden="true" />
                  <span>
                    <StudentLink id={user.id}>{user.name}</StudentLink>
                    <span className={styles.seen}>
                      Last seen: {formatLongDateTimeWithSeconds(user.last_seen)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </QueryView>
    </Screen>
  );
}
