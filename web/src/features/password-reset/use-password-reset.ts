import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { readStoredUser } from '../../api/session';
import { forgetSession } from '../../shared/forget-session';

/** Asks for a link by username or e-mail; the answer is the same whether an account has it. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (login: string) => call('forgotPassword', { login }) });

/**
 * Whether the link still works, asked once when its screen opens (never again by itself: a
 * refusal is the answer, and the link is used up by the form, not by a refetch).
 */
export const usePasswordLink = (token: string) =>
  useQuery({
    queryKey: queryKeys.passwordLink.check(token),
    queryFn: () => call('checkPasswordLink', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/**
 * Sets the new password with the link. Every session of the account has ended: if this device
 * was signed in to it, what it kept of that session is forgotten too.
 */
export function useSetPasswordFromLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      call('setPasswordFromLink', { token, new_password: password }),
    onSuccess: async (answer) => {
      if (readStoredUser()?.username === answer.username) await forgetSession(queryClient);
    },
  });
}
