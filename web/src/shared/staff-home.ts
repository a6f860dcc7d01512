import { useRole } from '../api/role';
import type { BackLink } from '../ui';
import { backTo } from './paths';

/**
 * The way back from a screen administrators and teachers both open (issue 29): an
 * administrator's to the dashboard, a teacher's to their home. `label` where the screen has
 * words of its own for it (the spec's 'Back to Home Screen').
 */
export function useBackToStaffHome(label?: string): BackLink {
  const back = useRole() === 'teacher' ? backTo.teacherHome : backTo.dashboard;
  return label ? { ...back, label } : back;
}
