import {
  Bell,
  BellPlus,
  CalendarCog,
  CalendarPlus,
  ClipboardList,
  FilePen,
  FolderCheck,
  GraduationCap,
  History,
  Inbox,
  KeyRound,
  Layers,
  LogOut,
  MailCheck,
  School,
  Send,
  Settings,
  UserPlus,
  Users,
  Wifi,
} from 'lucide-react';
import { paths } from '../../shared/paths';
import { Badge, ScreenHeading, Tile, TileGroup, TileGroups } from '../../ui';
import { useLogout } from '../accounts/use-logout';
import { AcademyLogo } from '../branding/academy-logo';
import { useAppConfig, useUserBackground } from '../branding/queries';
import styles from './home.module.css';
import { countWords, useAdminCounts } from './use-admin-counts';

const ICON = 24;

/**
 * /admin: every admin screen of spec section 2, and Logout, grouped by job; the tiles of work
 * waiting carry its count (useAdminCounts), in a corner badge that moves no tile.
 */
export default function AdminDashboardScreen() {
  const logout = useLogout();
  const { data: config } = useAppConfig();
  const { data: background } = useUserBackground();
  const { data: counts } = useAdminCounts();
  const submissions = counts?.new_submissions ?? 0;
  const unread = counts?.unread_assignments ?? 0;
  const online = counts?.students_online ?? 0;
  const speaking = counts?.waiting_speaking_answers ?? 0;

  return (
    <main className={styles.screen}>
      <header
        className={`${styles.hero} ${styles.heroPlain}`}
        style={background ? { backgroundImage: `url("${background.userbg_url}")` } : undefined}
      >
        <div className={styles.heroInner}>
          <AcademyLogo size={64} className={styles.brandLogo} />
          <div>
            {config && <p className={styles.academy}>{config.academyName}</p>}
            <ScreenHeading className={styles.greeting}>Admin dashboard</ScreenHeading>
            <p className={styles.lead}>Run your academy from here.</p>
          </div>
        </div>
      </header>
      <div className={`${styles.content} ${styles.contentPlain}`}>
        <TileGroups label="Admin screens">
          <TileGroup heading="People">
            <Tile to={paths.createUser} icon={<UserPlus size={ICON} />} label="Create User" />
            <Tile to={paths.viewUsers} icon={<Users size={ICON} />} label="View Users" />
            <Tile to={paths.classes} icon={<School size={ICON} />} label="Classes" />
            <Tile
              to={paths.onlineUsers}
              icon={<Wifi size={ICON} />}
              label="Online Users"
              corner={
                <Badge
                  count={online}
                  label={countWords(online, 'student online', 'students online')}
                />
              }
            />
            <Tile to={paths.auditLog} icon={<History size={ICON} />} label="Audit Log" />
          </TileGroup>
          <TileGroup heading="Teaching">
            <Tile
              to={paths.inbox}
              icon={<Inbox size={ICON} />}
              label="Inbox"
              corner={
                <Badge
                  count={submissions}
                  label={countWords(submissions, 'new submission', 'new submissions')}
                />
              }
            />
            <Tile
              to={paths.studentsCorrection}
              icon={<FilePen size={ICON} />}
              label="Students Correction"
            />
            <Tile to={paths.sent} icon={<FolderCheck size={ICON} />} label="Sent Corrections" />
            <Tile to={paths.sendAssignment} icon={<Send size={ICON} />} label="Send Assignment" />
            <Tile
              to={paths.viewAssignments}
              icon={<ClipboardList size={ICON} />}
              label="View Assignments"
              corner={
                <Badge
                  count={unread}
                  label={countWords(unread, 'assignment unread', 'assignments unread')}
                />
              }
            />
            <Tile
              to={paths.sendSchedule}
              icon={<CalendarPlus size={ICON} />}
              label="Send Schedule"
            />
            <Tile
              to={paths.editStudentSchedule}
              icon={<CalendarCog size={ICON} />}
              label="Edit Student Schedule"
            />
          </TileGroup>
          <TileGroup heading="Messages">
            <Tile
              to={paths.sendNotification}
              icon={<BellPlus size={ICON} />}
              label="Send Notification"
            />
            <Tile
              to={paths.allNotifications}
              icon={<Bell size={ICON} />}
              label="All Notifications"
            />
            <Tile to={paths.sentItems} icon={<MailCheck size={ICON} />} label="Sent Items" />
          </TileGroup>
          <TileGroup heading="Content">
            <Tile
              to={paths.skillContent}
              icon={<GraduationCap size={ICON} />}
              label="Exams and Skill Builder"
              corner={
                <Badge
                  count={speaking}
                  label={countWords(
                    speaking,
                    'speaking answer waiting',
                    'speaking answers waiting',
                  )}
                />
              }
            />
            <Tile
              to={paths.studentLeitnerBox}
              icon={<Layers size={ICON} />}
              label="Student Leitner Box"
            />
            <Tile to={paths.settings} icon={<Settings size={ICON} />} label="Settings" />
          </TileGroup>
          <TileGroup heading="Your account">
            <Tile
              to={paths.changePassword}
              icon={<KeyRound size={ICON} />}
              label="Change Password"
            />
            <Tile onClick={logout} icon={<LogOut size={ICON} />} label="Logout" tone="danger" />
          </TileGroup>
        </TileGroups>
      </div>
    </main>
  );
}
