import type { CallRequest } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';

export interface UserFilters {
  /** Part of a name, username or e-mail; blank for everyone. */
  q: string;
  page: number;
}

/** A page of /view-users (newest first), searched on the server. */
export const useUsers = (filters: UserFilters) =>
  useQuery({
    queryKey: queryKeys.users.list(filters),
    queryFn: async () => {
      const q = filters.q.trim();
      const answer = await call('getUsers', { page: filters.page, ...(q ? { q } : {}) });
      return { users: answer.users, has_more: answer.has_more ?? false };
    },
    placeholderData: keepPreviousData,
  });

const useUsersMutation = <T, R extends { message: string }>(mutationFn: (input: T) => Promise<R>) =>
  useRefreshingMutation(mutationFn, queryKeys.users.all);

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
/** Starts an import job; the imports list (useImportJobs) follows it. */
export const useImportUsers = () =>
  useRefreshingMutation(
    (csv: string) => call('importUsers', { csv }),
    queryKeys.users.importJobs(),
  );

/** How often the imports are asked for again while one runs (its progress). */
const IMPORT_PROGRESS_MS = 1_000;

/** The imports not dismissed; asked again every second while one runs. */
export const useImportJobs = () =>
  useQuery({
    queryKey: queryKeys.users.importJobs(),
    queryFn: async () => (await call('getImportJobs', {})).jobs,
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.status === 'running') ? IMPORT_PROGRESS_MS : false,
  });

/**
 * A finished import's new students and passwords. Never kept: not on the device (no
 * `meta.offline`), and dropped from memory as soon as no screen shows them.
 */
export const useImportCredentials = (jobId: number) =>
  useQuery({
    queryKey: queryKeys.importCredentials.ofJob(jobId),
    queryFn: () => call('importCredentials', { job_id: jobId }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The passwords asked for when the button is pressed, to save as a file (not cached). */
export const useDownloadCredentials = () =>
  useMutation({ mutationFn: (jobId: number) => call('importCredentials', { job_id: jobId }) });

/** The import leaves the screen; the server deletes its passwords. */
export const useDismissImport = () =>
  useRefreshingMutation(
    (jobId: number) => call('dismissImport', { job_id: jobId }),
    queryKeys.users.importJobs(),
  );
/** Reads a CSV of students on the server and names every row's problems; writes nothing. */
export const usePreviewImport = () =>
  useMutation({ mutationFn: (csv: string) => call('previewUserImport', { csv }) });
/** Every user as CSV, asked for when the button is pressed (not kept in the cache). */
