import type { NotificationTopic } from '@academy/contract';
import { Link } from 'react-router';
import { hrefs, paths } from '../../shared/paths';
import styles from './notifications.module.css';

/** Where a notification the app wrote leads (issue 27), and the words of its link. */
export function notificationTarget(n: {
  topic: NotificationTopic | null;
  ref_id: number | null;
}): { to: string; label: string } | null {
  switch (n.topic) {
    case 'correction':
    case 'spoken_reply':
      return { to: paths.assignmentResults, label: 'Open Assignment Results' };
    case 'teacher_cards':
      return { to: paths.cardLibrary, label: 'Open your Card Library' };
    case 'attendance':
      return { to: paths.schedule, label: 'Open your Schedule' };
    case 'results':
      return { to: paths.results, label: 'Open your Results' };
    case 'exam_mark':
      return { to: paths.examPage, label: 'Open your exams' };
    case 'skill_mark':
      return { to: paths.skillBuilder, label: 'Open Skill Builder' };
    case 'reminder':
      return n.ref_id === null
        ? { to: paths.downloadAssignment, label: 'Open your assignments' }
        : {
            to: hrefs.downloadAssignment(n.ref_id),
            label: 'Open the assignment',
          };
    default:
      return null;
  }
}

/** The link to what a notification is about; nothing for an administrator's own message. */
export function NotificationLink({
  notification,
  onFollow,
}: {
  notification: { topic: NotificationTopic | null; ref_id: number | null };
  /** Called as the link is followed (the popup marks the one shown read). */
  onFollow?: () => void;
}) {
  const target = notificationTarget(notification);
  if (!target) return null;
  return (
    <Link className={styles.open} to={target.to} onClick={onFollow}>
      {target.label}
    </Link>
  );
}
