import { useIsAdmin } from '../../api/role';
import { useSettings } from './use-settings';

/** A reminder's lead time in words: '1 day', '3 hours', '1 week'. */
export function leadTime(hours: number): string {
  if (hours % 168 === 0) return hours === 168 ? '1 week' : `${hours / 168} weeks`;
  if (hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * What a form with a due date tells the administrator about reminders, from the settings:
 * empty until they are read (or when they cannot be). A teacher, who cannot read the settings
 * (issue 29), is told nothing of them.
 */
export function useReminderNote(): string {
  const hours = useSettings({ enabled: useIsAdmin() }).data?.settings.reminder_lead_hours;
  if (hours === undefined) return '';
  return hours === 0
    ? ' Reminders are off (Settings).'
    : ` Students who have not handed in are reminded ${leadTime(hours)} before.`;
}
