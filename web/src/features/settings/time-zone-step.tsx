import { canonicalTimeZone } from '@academy/contract/constants';
import { useState } from 'react';
import { failureText, NO_CONNECTION } from '../../api/failure-text';
import { useLogout } from '../../shared/use-logout';
import { Button, FormMessage, FormScreen, SubmitButton, useFormOutcome } from '../../ui';
import styles from './settings.module.css';
import { TimeZoneSelect } from './time-zone-select';
import { browserTimeZone, zoneName } from './time-zones';
import { useSaveSettings } from './use-settings';

/**
 * The step an administrator meets before any admin screen until the academy's time zone has
 * been confirmed once (issue 27): every date and time they type is read on that clock, and
 * the default (UTC) put a question hours off. Prefilled with the zone the server was given
 * (ACADEMY_TZ, `fromServer`: issue 49, point 17), else with their browser's; saving it shows
 * the screen they were opening.
 */
export default function TimeZoneStep({
  current,
  fromServer = false,
}: {
  current: string;
  fromServer?: boolean;
}) {
  const save = useSaveSettings();
  const logout = useLogout();
  const [zone, setZone] = useState(() => (fromServer ? current : browserTimeZone()));
  const outcome = useFormOutcome(() =>
    canonicalTimeZone(zone) ? null : 'Please choose a valid time zone, such as Europe/London.',
  );

  const handleSend = () =>
    save.mutate(
      { time_zone: zone },
      {
        onError: (error) =>
          outcome.fail(
            failureText(error, {
              network: NO_CONNECTION,
              fallback: 'Failed to save the time zone. Please try again.',
            }),
          ),
      },
    );

  return (
    <FormScreen
      title="Your academy's time zone"
      subtitle="One question before you start."
      onSend={handleSend}
      outcome={outcome}
    >
      <p className={styles.caption}>
        Every date and time you type in the app (due dates, schedules, exam, Skill Builder and
        speaking question windows, quiet hours) is on the academy's clock, whatever clock each
        person's device is set to. Students see them on the same clock.
      </p>
      <TimeZoneSelect
        keep={[current, zone]}
        hint={
          fromServer
            ? `Set on the server. You can change it later in Settings.`
            : `Suggested from this device's clock. Now set: ${zoneName(current)}. You can change it later in Settings.`
        }
        value={zone}
        onChange={(e) => setZone(e.target.value)}
      />
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={save.isPending} busyLabel="Saving...">
        Save and continue
      </SubmitButton>
      <Button type="button" variant="secondary" block onClick={logout}>
        Logout
      </Button>
    </FormScreen>
  );
}
