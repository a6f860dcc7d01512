import type { CallRequest } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The academy's settings: an administrator's to read (`enabled` false for anyone else). */
export const useSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: queryKeys.settings.settings(),
    queryFn: () => call('getSettings', {}),
    enabled,
  });

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
