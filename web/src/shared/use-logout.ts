import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../api/client';
import { turnPushOff } from '../api/push-device';
import { forgetSession } from './forget-session';
import { paths } from './paths';

/**
 * Logout: the server revokes the token, the browser forgets everything of this user
 * (shared/forget-session.ts), and the app goes to /login. Offline, the local part still happens.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The next person on a shared phone must not be shown this one's pushes (docs/decisions.md).
    await turnPushOff({ leaving: true }).catch(() => undefined);
    await call('logout', {}).catch(() => undefined);
    await forgetSession(queryClient);
    navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
