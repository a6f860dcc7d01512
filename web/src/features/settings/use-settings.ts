import type { CallRequest } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const useSettings = () =>
  useQuery({ queryKey: queryKeys.settings.settings(), queryFn: () => call('getSettings', {}) });

type SaveSettings = CallRequest<'saveSettings'> & {
  logo?: File;
  login_background?: File;
  home_background?: File;
};

/**
 * Saves settings; the settings and every branding query are read again at once (the live
 * stream tells the other tabs, and other people's, the same).
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SaveSettings) => call('saveSettings', payload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.branding.all }),
      ]),
  });
}
