import type { CallRequest } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The academy's SMTP server as Settings keeps it (never its password). */
export const useEmailSettings = () =>
  useQuery({
    queryKey: queryKeys.settings.email(),
    queryFn: () => call('getEmailSettings', {}),
  });

/** Saves or clears the settings; they are read again at once (the live stream tells other tabs). */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.email() });
  return {
    save: useMutation({
      mutationFn: (payload: CallRequest<'saveEmailSettings'>) => call('saveEmailSettings', payload),
      onSuccess: refresh,
    }),
    clear: useMutation({
      mutationFn: () => call('clearEmailSettings', {}),
      onSuccess: refresh,
    }),
  };
}

/** Sends a test e-mail at once; the answer says whether the SMTP server took it. */
export const useSendTestEmail = () =>
  useMutation({ mutationFn: (to: string) => call('sendTestEmail', { to }) });
