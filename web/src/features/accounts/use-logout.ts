import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { clearLogin } from '../../api/session';
import { offlinePersister } from '../../app/offline-cache';
import { paths } from '../../app/paths';
import { clearCachedApiAnswers } from '../../pwa/offline-data';

/**
 * Logout: the server revokes the token, the browser forgets the stored user and every
 * cached answer (in memory and in the offline worker's cache), and the app goes to /login. Offline, the local part still happens.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await call('logout', {}).catch(() => undefined);
    clearLogin();
    queryClient.clear();
    await offlinePersister.removeClient();
    await clearCachedApiAnswers().catch(() => undefined);
    navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
