import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAppConfig } from '../branding/queries';

const TimeZoneStep = lazy(() => import('./time-zone-step'));

/**
 * Wraps the admin screens: until an administrator has confirmed the academy's time zone once,
 * the time-zone step shows in place of the screen asked for, which shows once it is saved.
 * The page's own answers say whether it was (no call); an answer that does not say (one kept
 * offline from before) asks nothing.
 */
export function TimeZoneGate() {
  const config = useAppConfig().data;
  if (config?.timeZoneConfirmed === false)
    return (
      <Suspense fallback={null}>
        <TimeZoneStep current={config.timeZone} />
      </Suspense>
    );
  return <Outlet />;
}
