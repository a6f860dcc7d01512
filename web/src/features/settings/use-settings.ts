import type { CallRequest } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';
import { saveFailure } from '../../api/save-failure';
import type { FormOutcome } from '../../ui';

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
  /** The academy's stamp on report cards (issue 49). */
  stamp?: File;
};

/**
 * Saves settings; the settings and every branding query are read again at once (the live
 * stream tells the other tabs, and other people's, the same).
 */
export const useSaveSettings = () =>
  useRefreshingMutation(
    (payload: SaveSettings) => call('saveSettings', payload),
    queryKeys.settings.all,
    queryKeys.branding.all,
  );

/**
 * What a settings form's save does with the answer, as options for `save.mutate`: once saved,
 * `then` (the form takes what was saved) and the form says `done`; a failure, in the Settings
 * screen's words. The form's own `reports`, with the Settings screen's words filled in.
 */
export const reportSave = (outcome: FormOutcome, done: string, then?: () => void) =>
  outcome.reports(saveFailure, () => {
    then?.();
    outcome.succeed(done);
  });
