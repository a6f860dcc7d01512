import type { NotificationTopic } from '@academy/contract';
import { Link } from 'react-router';
import { hrefs, paths } from '../../shared/paths';
import styles from './notifications.module.css';

interface Target {
  to: string;
  label: string;
}

/**
 * Where each topic's notification leads (issue 27), and the words of its link; a reminder with
 * its assignment leads to that assignment instead. Every topic has one: a new topic without a
 * place here fails to compile.
 */
const TARGETS: Record<NotificationTopic, Target> = {
  correction: { to: paths.assignmentResults, label: 'Open Assignment Results' },
  spoken_reply: { to: paths.assignmentResults, label: 'Open Assignment Results' },
  teacher_cards: { to: paths.cardLibrary, label: 'Open your Card Library' },
  attendance: { to: paths.schedule, label: 'Open your Schedule' },
  results: { to: paths.results, label: 'Open your Results' },
  exam_mark: { to: paths.examPage, label: 'Open your exams' },
  skill_mark: { to: paths.skillBuilder, label: 'Open Skill Builder' },
  reminder: { to: paths.downloadAssignment, label: 'Open your assignments' },
};

/** Where a notification the app wrote leads, and the words of its link. */
export function notificationTarget(n: {
  topic: NotificationTopic | null;
  ref_id: number | null;
}): Target | null {
  if (n.topic === 'reminder' && n.ref_id !== null) {
    return { to: hrefs.downloadAssignment(n.ref_id), label: 'Open the assignment' };
  }
  // A topic this app does not know yet (a newer server's) has no link.
  return (n.topic && TARGETS[n.topic]) ?? null;
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
