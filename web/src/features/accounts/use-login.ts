import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { explainFailure } from '../../api/failure-text';
import { storeLogin } from '../../api/session';
import { forgetBeforeSignIn } from '../../shared/forget-session';

/** The spec's text for a login that failed without a server message (network, 5xx). */
export const LOGIN_FAILED = 'An error occurred during login. Please try again.';

/** Signs in and stores the login as the spec keeps it (admin_token and the user object). */
export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: { username: string; password: string }) => {
      const answer = await call('login', credentials);
      const user = {
        id: answer.user_id,
        name: answer.name,
        username: answer.username,
        role: answer.role,
        gender: answer.gender,
        token: answer.token,
      };
      await forgetBeforeSignIn(user.id);
      storeLogin(user);
      return user;
    },
  });
}

/** What the login screen says about a failed attempt. */
export const loginErrorMessage = explainFailure(LOGIN_FAILED);
