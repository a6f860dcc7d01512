import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

/** The academy's SMTP server as Settings keeps it (never its password). */
export const useEmailSettings = () =>
  useQuery({
    queryKey: queryKeys.settings.email(),
    queryFn: () => call('getEmailSettings', {}),
  });

/** Saves or clears the settings; they are read again at once (the live stream tells other tabs). */
export function useSaveEmailSettings() {
  return {
    save: useRefreshingCall('saveEmailSettings', queryKeys.settings.email()),
    clear: useRefreshingCall('clearEmailSettings', queryKeys.settings.email()),
  };
}

/** Sends a test e-mail at once; the answer says whether the SMTP server took it. */
export const useSendTestEmail = () =>
  useMutation({ mutationFn: (to: string) => call('sendTestEmail', { to }) });
