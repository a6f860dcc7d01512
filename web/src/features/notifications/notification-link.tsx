import type { NotificationTopic } from '@academy/contract';
import { Link } from 'react-router';
import { homeFor, readStoredUser } from '../../api/session';
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
  quiz_mark: { to: paths.myQuizzes, label: 'Open your quizzes' },
  payment: { to: paths.myPayments, label: 'Open your payments' },
  reminder: { to: paths.downloadAssignment, label: 'Open your assignments' },
};

/**
 * Where staff's notices lead (issue 49, point 3): a student reaching the absence warning or the
 * limit opens Absence Warnings, as the message's link does (server roll/staff-notices.ts).
 * Staff are sent no other topic; one would have no link rather than open a student's screen.
 */
const STAFF_TARGETS: Partial<Record<NotificationTopic, Target>> = {
  attendance: { to: paths.attendanceWarnings, label: 'Open Absence Warnings' },
};

/** Where a notification the app wrote leads, and the words of its link; staff's lead elsewhere. */
export function notificationTarget(
  n: { topic: NotificationTopic | null; ref_id: number | null },
  reader: 'student' | 'staff' = 'student',
): Target | null {
  if (reader === 'staff') return (n.topic && STAFF_TARGETS[n.topic]) ?? null;
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
  const role = readStoredUser()?.role;
  const reader = role && homeFor(role) !== paths.userHome ? 'staff' : 'student';
  const target = notificationTarget(notification, reader);
  if (!target) return null;
  return (
    <Link className={styles.open} to={target.to} onClick={onFollow}>
      {target.label}
    </Link>
  );
}
