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

function useUsersMutation<T, R extends { message: string }>(mutationFn: (input: T) => Promise<R>) {
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
export const useUpdateUser = () =>
  useUsersMutation((input: CallRequest<'updateUser'>) => call('updateUser', input));
export const useDeleteUser = () =>
  useUsersMutation((userId: number) => call('deleteUser', { user_id: userId }));
export const useImportUsers = () => useUsersMutation((csv: string) => call('importUsers', { csv }));
/** Reads a CSV of students on the server and names every row's problems; writes nothing. */
export const usePreviewImport = () =>
  useMutation({ mutationFn: (csv: string) => call('previewUserImport', { csv }) });
/** Every user as CSV, asked for when the button is pressed (not kept in the cache). */
export const useExportUsers = () => useMutation({ mutationFn: () => call('exportUsers', {}) });
