import type { CallResponse } from '@academy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { formatLongDate } from '../../lib/dates';
import styles from './push.module.css';

type Devices = CallResponse<'listPushDevices'>['devices'];

/**
 * The person's devices with push on, by the names their browsers gave, so one lost or sold can
 * be noticed (it goes by turning push off there, or by itself when its browser drops it).
 * `changedAt`: asked again after this device was turned on or off.
 */
export function PushDeviceList({ changedAt }: { changedAt: number }) {
  const devices = useOwnQuery(queryKeys.pushDevices.own, () => call('listPushDevices', {}));
  const queryClient = useQueryClient();
  useEffect(() => {
    if (changedAt > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.pushDevices.all });
  }, [changedAt, queryClient]);
  const list: Devices = devices.data?.devices ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <p className={styles.text}>Your devices with notifications on:</p>
      <ul className={styles.devices} aria-label="Your devices with notifications on">
        {list.map((d) => (
          <li key={d.id}>
            {d.device}, since {formatLongDate(d.added_at)}
          </li>
        ))}
      </ul>
    </>
  );
}
