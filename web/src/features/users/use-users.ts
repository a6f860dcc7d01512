import type { CallRequest } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export interface UserFilters {
  /** Part of a name, username or e-mail; blank for everyone. */
  q: string;
  page: number;
}

/** A page of /view-users (newest first), searched on the server. */
export const useUsers = (filters: UserFilters) =>
  useQuery({
    queryKey: ['users', 'all', filters],
    queryFn: async () => {
      const q = filters.q.trim();
      const answer = await call('getUsers', { page: filters.page, ...(q ? { q } : {}) });
      return { users: answer.users, hasMore: answer.has_more ?? false };
    },
    placeholderData: keepPreviousData,
  });

function useUsersMutation<T>(mutationFn: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export const useAddUser = () =>
  useUsersMutation((input: CallRequest<'addUser'>) => call('addUser', input));
export const useResetPassword = () =>
  useUsersMutation((input: { userId: number; password: string }) =>
    call('resetPassword', { user_id: input.userId, new_password: input.password }),
  );
export const useSetUserActive = () =>
  useUsersMutation((input: { userId: number; active: boolean }) =>
    call('setUserActive', { user_id: input.userId, active: input.active }),
  );
