import type { CallRequest } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const useUsers = () =>
  useQuery({ queryKey: ['users', 'all'], queryFn: () => call('getUsers', {}) });

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
