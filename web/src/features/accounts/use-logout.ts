import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { clearLogin } from '../../api/session';
import { paths } from '../../app/paths';

/**
 * Logout: the server revokes the token, the browser forgets the stored user and every
 * cached answer, and the app goes to /login. Offline, the local part still happens.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await call('logout', {}).catch(() => undefined);
    clearLogin();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
