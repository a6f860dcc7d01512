import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useIsAdmin } from '../../api/role';
import { useAppConfig } from '../../shared/branding';

const TimeZoneStep = lazy(() => import('./time-zone-step'));

/**
 * Wraps the admin screens: until an administrator has confirmed the academy's time zone once,
 * the time-zone step shows in place of the screen asked for, which shows once it is saved.
 * The page's own answers say whether it was (no call); an answer that does not say (one kept
 * offline from before) asks nothing. It also stands before the screens administrators share
 * with teachers (issue 29); a teacher, who cannot save settings, always passes.
 */
export function TimeZoneGate() {
  const config = useAppConfig().data;
  const isAdmin = useIsAdmin();
  if (isAdmin && config?.timeZoneConfirmed === false)
    return (
      <Suspense fallback={null}>
        <TimeZoneStep
          current={config.timeZone}
          fromServer={config.timeZoneFromEnvironment === true}
        />
      </Suspense>
    );
  return <Outlet />;
}
